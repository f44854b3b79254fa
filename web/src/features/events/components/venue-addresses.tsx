import type { Division, Workout } from '@/lib/api/types';

/** The addresses of the event's stream overlays and embedded boards (docs/venue.md), for the
 * organiser to paste into OBS or a club's page. */
export function VenueAddresses({ eventId, divisions, workouts }: { eventId: string; divisions: Division[]; workouts: Pick<Workout, 'id' | 'name'>[] }) {
  const embed = `/embed/events/${eventId}`;
  return (
    <details className="mt-4 text-sm text-slate-600">
      <summary className="cursor-pointer font-medium text-slate-700">Stream overlays and embeds</summary>
      <ul className="mt-2 space-y-1 break-all" aria-label="Embedded boards">
        <li>
          The event&apos;s overview: <code>{embed}/leaderboard</code>
        </li>
        <li>
          The schedule: <code>{embed}/schedule</code>
        </li>
        {divisions.map((d) => (
          <li key={d.id}>
            {d.name}: <code>{embed}/divisions/{d.id}/leaderboard</code>
            {workouts.length > 0 && (
              <ul className="ml-4 mt-1 space-y-1">
                {workouts.map((w) => (
                  <li key={w.id}>
                    {w.name}: <code>{embed}/divisions/{d.id}/workouts/{w.id}/leaderboard</code>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <ul className="mt-3 space-y-1 break-all" aria-label="Stream overlays">
        {divisions.map((d) => (
          <li key={d.id}>
            {d.name}, top 10: <code>/overlay/events/{eventId}/divisions/{d.id}/top?n=10</code>
          </li>
        ))}
        <li>A heat&apos;s lanes: <code>/overlay/heats/&lt;heat id&gt;</code> (the Heats page links each heat&apos;s overlay).</li>
      </ul>
    </details>
  );
}
