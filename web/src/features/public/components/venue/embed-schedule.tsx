import { useTranslation } from 'react-i18next';
import type { Schedule } from '@/lib/api/types';
import { HeatTime } from '@/components/heat-time';
import { heatZoneNote, nowAndNext } from '@/lib/heat-time';
import { EmbedFrame } from './embed-frame';

/** The event's schedule for another site's page, as its Schedule tab has it: heats by workout
 * in the event's time zone, the heat on the floor and the next one marked; teams unlinked. */
export function EmbedSchedule({ schedule, eventId, now, reconnecting }: { schedule: Schedule; eventId: string; now: number; reconnecting: boolean }) {
  const { t } = useTranslation('site');
  const timeZone = schedule.timeZone || 'UTC';
  const current = nowAndNext(
    schedule.workouts.flatMap((w) => w.heats),
    new Date(now),
  );
  const flag = (id: string) => (current.now?.id === id ? t('schedule.onFloor') : current.next?.id === id ? t('schedule.upNext') : '');
  return (
    <EmbedFrame
      title={t('venue.scheduleTitle', { event: schedule.eventName })}
      reconnecting={reconnecting}
      fullHref={`/public/events/${eventId}/schedule`}
      fullLabel={t('venue.fullSchedule')}
    >
      {schedule.workouts.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t('schedule.none')}</p>
      ) : (
        <>
          <p className="mb-2 text-xs text-slate-500">{heatZoneNote(timeZone)}</p>
          {schedule.workouts.map((w) => (
            <section key={w.workoutId} aria-label={w.name} className="mb-3">
              <h2 className="font-semibold">{w.name}</h2>
              <ul className="divide-y divide-slate-100">
                {w.heats.map((h) => (
                  <li key={h.id} className="py-1.5">
                    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <span className="font-medium">{t('schedule.heat', { number: h.number })}</span>
                      <HeatTime className="tabular-nums text-slate-600" start={h.startTime} planned={h.plannedStartTime} timeZone={timeZone} withDay />
                      {flag(h.id) && <span className="rounded bg-slate-900 px-1.5 text-xs font-semibold text-white">{flag(h.id)}</span>}
                    </p>
                    <p className="break-words text-xs text-slate-600">
                      {h.lanes.map((l) => `${l.lane} ${l.teamName}`).join(' · ')}
                    </p>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </EmbedFrame>
  );
}
