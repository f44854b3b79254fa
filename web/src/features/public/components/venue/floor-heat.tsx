import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/cn';
import { HeatTime } from '@/components/heat-time';
import type { FloorHeat } from '../../hooks/use-current-heat';
import type { LaneResult } from '../../rules/heat-results';
import { ResultValue } from '../result-bits';

/** A heat on the floor page: what it is, its clock line, and its lanes with their teams and,
 * once published, their results. Fits a 360 px phone: long names wrap. */
export function FloorHeatCard({
  label,
  heat,
  clock,
  results,
  tone,
  timeZone,
}: {
  label: string;
  heat: FloorHeat;
  clock: string;
  results?: Map<string, LaneResult>;
  tone: 'now' | 'next';
  /** The event's: heat times are on its clock. */
  timeZone: string;
}) {
  const { t } = useTranslation('site');
  return (
    <section
      aria-label={label}
      className={cn('min-w-0 rounded-lg border bg-white', tone === 'now' ? 'border-green-500 ring-1 ring-green-500' : 'border-blue-400')}
    >
      <header className={cn('rounded-t-lg px-4 py-3 text-white', tone === 'now' ? 'bg-green-700' : 'bg-slate-900')}>
        <p className="text-xs font-semibold uppercase tracking-wide opacity-80">{label}</p>
        <h2 className="break-words text-xl font-bold">
          {t('schedule.workoutHeat', { workout: heat.workoutName, number: heat.number })} <HeatTime className="font-normal tabular-nums opacity-80" start={heat.startTime} planned={heat.plannedStartTime} timeZone={timeZone} />
        </h2>
        <p className="text-2xl font-bold tabular-nums" role="timer" aria-live="off">
          {clock}
        </p>
      </header>
      <ol className="divide-y divide-slate-100 px-4 py-1">
        {heat.lanes.map((l) => {
          const r = results?.get(l.teamId);
          return (
            <li key={l.lane} className="flex items-center gap-3 py-2">
              <span className="w-8 shrink-0 text-right text-lg font-bold tabular-nums text-slate-500">{l.lane}</span>
              <span className="min-w-0 flex-1">
                <Link to={`/public/teams/${l.teamId}`} className="break-words font-medium text-slate-900 hover:text-blue-700 hover:underline">
                  {l.teamName}
                </Link>
                <span className="block break-words text-xs text-slate-500">{l.divisionName}</span>
              </span>
              {results && (
                <span className="shrink-0 text-right">
                  {r ? <ResultValue status={r.status} result={r.result} /> : <span className="text-sm text-slate-400">—</span>}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
