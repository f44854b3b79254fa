// A team's heats on its public page (docs/heats.md): workout, heat, lane and start time, from
// the event's schedule. Nothing shows when the event has no schedule.
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { HeatTime } from '@/components/heat-time';
import { publicQueries } from '../api/public';

export function TeamHeats({ eventId, teamId }: { eventId: string; teamId: string }) {
  const { t } = useTranslation('site');
  const schedule = useQuery(publicQueries.schedule(eventId));
  const rows = (schedule.data?.workouts ?? []).flatMap((w) =>
    w.heats.flatMap((h) => h.lanes.filter((l) => l.teamId === teamId).map((l) => ({ workout: w.name, heat: h, lane: l.lane }))),
  );
  if (rows.length === 0) return null;
  return (
    <section className="mb-6" aria-labelledby="team-heats">
      <h2 id="team-heats" className="mb-3 text-xl font-semibold text-slate-900">
        {t('team.heats')}
      </h2>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((r) => (
          <li key={r.heat.id} className="flex items-center justify-between rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm">
            <span>
              <span className="font-semibold text-slate-900">{r.workout}</span>
              <span className="text-slate-600"> · {t('team.heatLane', { heat: r.heat.number, lane: r.lane })}</span>
            </span>
            <HeatTime className="font-semibold tabular-nums" start={r.heat.startTime} planned={r.heat.plannedStartTime} />
          </li>
        ))}
      </ul>
    </section>
  );
}
