import { Link } from 'react-router';
import { useMyRegistrations } from '../api/registration';

/** Where a signed-in athlete goes from their profile: "My registrations" and the events of
 * their live registrations. */
export function MyEventsLinks() {
  const mine = useMyRegistrations();
  const events = new Map<string, string>();
  for (const r of mine.data ?? []) if (r.state !== 'withdrawn' && r.state !== 'refused') events.set(r.eventId, r.eventName);
  return (
    <nav aria-label="Your registrations" className="mb-5 flex flex-wrap gap-x-4 gap-y-2 text-sm">
      <Link to="/public/me/registrations" className="font-medium text-blue-700 underline">
        My registrations
      </Link>
      {[...events].map(([id, name]) => (
        <Link key={id} to={`/public/events/${id}`} className="text-blue-700 underline">
          Back to {name}
        </Link>
      ))}
    </nav>
  );
}
