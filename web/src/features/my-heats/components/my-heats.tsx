// My heats (docs/competition-day.md): every heat of the signed-in athlete's teams, soonest
// first: the start in the event's zone (the planned one struck through after a shift), lane,
// workout, and the division the team competes in. The app passes `follow`, which keeps the list
// current from each event's live stream (no polling of its own).
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HeatTime } from '@/components/heat-time';
import { heatDay } from '@/lib/heat-time';
import { useMyHeats, useSetHeatReminders } from '../api/my-heats';

export function MyHeats({ follow }: { follow?: (eventId: string, onChange: () => void) => ReactNode }) {
  const { t } = useTranslation('site');
  const query = useMyHeats();
  const setReminders = useSetHeatReminders();
  const { refetch } = query;
  const refresh = useCallback(() => void refetch(), [refetch]);
  if (query.isPending) return null;
  if (query.isError)
    return (
      <p role="alert" className="mb-4 text-sm text-red-700">
        {t('myHeats.loadFailed')}
      </p>
    );
  const { heats, reminders } = query.data;
  if (heats.length === 0) return null;
  const events = [...new Set(heats.map((h) => h.eventId))];
  return (
    <section aria-labelledby="my-heats" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="my-heats" className="mb-2 text-lg font-semibold text-slate-900">
        {t('myHeats.title')}
      </h2>
      {follow && events.map((id) => <span key={id}>{follow(id, refresh)}</span>)}
      <ul className="divide-y divide-slate-100">
        {heats.map((h) => (
          <li key={`${h.heatId}:${h.teamId}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-semibold text-slate-900">{t('myHeats.heat', { workout: h.workoutName, number: h.heatNumber, lane: h.lane })}</span>
              <span className="block break-words text-xs text-slate-600">{t('myHeats.where', { event: h.eventName, team: h.teamName, division: h.divisionName })}</span>
            </span>
            <span className="tabular-nums text-slate-900">
              {heatDay(h.startTime, h.timeZone)} <HeatTime className="font-semibold" start={h.startTime} planned={h.plannedStartTime} timeZone={h.timeZone} />
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">{t('myHeats.zoneNote')}</p>
      <label className="mt-3 flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5"
          checked={setReminders.isPending ? (setReminders.variables ?? reminders) : reminders}
          disabled={setReminders.isPending}
          onChange={(e) => setReminders.mutate(e.target.checked)}
        />
        {t('myHeats.reminders')}
      </label>
      {setReminders.isError && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('myHeats.remindersFailed')}
        </p>
      )}
    </section>
  );
}
