// The judge's three choices — event, workout, heat — as big selects; each choice clears the
// ones after it (judge-screen.tsx keeps them in the address).
import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import type { Event, Heat } from '@/lib/api/types';
import { heatClockText } from '@/lib/heat-time';
import { fullName, resultWorkouts } from '@/lib/workout-parts';
import { useTranslation } from 'react-i18next';

export type JudgeStep = 'event' | 'workout' | 'heat' | 'lane';

const selectClass = 'block w-full rounded-xl border-2 border-slate-300 bg-white px-3 py-3 text-lg focus:border-blue-600 focus:outline-none';

function Picker({ label, value, onChange, children, loading }: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: ReactNode;
  loading?: boolean;
}) {
  return (
    <label className="block">
      <span className="mb-1 flex items-center gap-2 text-sm font-medium text-slate-700">
        {label} {loading && <Spinner size="sm" />}
      </span>
      <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={selectClass}>
        {children}
      </select>
    </label>
  );
}

export function JudgePickers({ eventId, workoutId, heatId, events, event, heats, choose }: {
  eventId: string;
  workoutId: string;
  heatId: string;
  events: { data?: Event[]; isPending: boolean };
  event: { data?: Event; isPending: boolean };
  heats: { data?: Heat[]; isPending: boolean };
  choose: (step: JudgeStep, value: string) => void;
}) {
  const { t } = useTranslation('judge');
  return (
    <div className="space-y-3">
      <Picker label={t('pickers.event')} value={eventId} onChange={(v) => choose('event', v)} loading={events.isPending}>
        <option value="">{t('pickers.chooseEvent')}</option>
        {events.data?.map((e) => (
          <option key={e.id} value={e.id}>
            {e.name}
          </option>
        ))}
      </Picker>
      {eventId && (
        <Picker label={t('pickers.workout')} value={workoutId} onChange={(v) => choose('workout', v)} loading={event.isPending}>
          <option value="">{t('pickers.chooseWorkout')}</option>
          {/* The parts of a workout with parts, like workouts: the header takes no results. */}
          {resultWorkouts(event.data?.workouts ?? []).map((w) => (
            <option key={w.id} value={w.id}>
              {fullName(w, event.data?.workouts ?? [])}
            </option>
          ))}
        </Picker>
      )}
      {workoutId && (
        <Picker label={t('pickers.heat')} value={heatId} onChange={(v) => choose('heat', v)} loading={heats.isPending}>
          <option value="">{heats.data?.length === 0 ? t('pickers.noHeats') : t('pickers.chooseHeat')}</option>
          {heats.data?.map((h) => (
            <option key={h.id} value={h.id}>
              {t('pickers.heatOption', { number: h.number, time: heatClockText(h.startTime, h.plannedStartTime) })}
            </option>
          ))}
        </Picker>
      )}
    </div>
  );
}
