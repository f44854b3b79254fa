import { memo } from 'react';
import { cn } from '@/components/cn';
import type { ScheduleLane } from '@/lib/api/types';
import { resultDisplay } from '../../rules/display';
import type { LaneResult } from '../../rules/heat-results';

/** A lane's published result as text: the time or score, CAP / DNF / DNS / DQ, or '' for none yet. */
export function laneResultText(r: LaneResult | undefined): string {
  if (!r) return '';
  const d = resultDisplay(r);
  return d.kind === 'dash' ? '' : d.text;
}

/** One lane of a heat on a dark screen (the TV, the overlay): lane, team, division, result. */
export const DarkLaneRow = memo(function DarkLaneRow({
  lane,
  result,
  even,
  showDivision = true,
}: {
  lane: ScheduleLane;
  result: LaneResult | undefined;
  even: boolean;
  showDivision?: boolean;
}) {
  const text = laneResultText(result);
  return (
    <li className={cn('flex min-h-0 min-w-0 items-center gap-[2vw] rounded px-[1.5vw]', even && 'bg-slate-900')} data-testid="lane">
      <span className="w-[5vw] shrink-0 text-right font-bold tabular-nums text-slate-400">{lane.lane}</span>
      <span className="min-w-0 flex-1 truncate font-semibold">
        {lane.teamName}
        {showDivision && <span className="ml-[1vw] text-[0.6em] font-normal text-slate-400">{lane.divisionName}</span>}
      </span>
      <span className={cn('w-[5em] shrink-0 text-right font-bold whitespace-nowrap tabular-nums', text ? 'text-emerald-300' : 'text-slate-600')}>{text || '—'}</span>
    </li>
  );
});
