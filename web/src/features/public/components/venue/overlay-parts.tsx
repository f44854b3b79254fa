import { memo, type ReactNode } from 'react';
import { cn } from '@/components/cn';
import type { ScheduleLane } from '@/lib/api/types';
import type { Standing } from '../../api/types';
import { formatPoints } from '../../rules/display';
import type { LaneResult } from '../../rules/heat-results';
import { laneResultText } from './heat-lanes';

/**
 * An OBS browser source (docs/venue.md): 1920×1080, transparent everywhere but the bars, all
 * of it inside the title-safe area (5 % from each edge), so no stream layout crops it.
 */
export function OverlaySafeArea({ children, align }: { children: ReactNode; align: 'bottom-left' | 'top-right' }) {
  return (
    <div
      className={cn(
        'fixed inset-[5%] flex flex-col overflow-hidden',
        align === 'bottom-left' ? 'items-start justify-end' : 'items-end justify-start',
      )}
      data-testid="overlay"
    >
      {children}
    </div>
  );
}

export function OverlayTitle({ children }: { children: ReactNode }) {
  return <p className="mb-2 rounded bg-slate-900/90 px-4 py-1 text-2xl font-bold uppercase tracking-wide text-amber-300">{children}</p>;
}

/** A lane bar: lane, team, the published result. */
export const LaneBar = memo(function LaneBar({ lane, result }: { lane: ScheduleLane; result: LaneResult | undefined }) {
  const text = laneResultText(result);
  return (
    <li className="flex h-14 w-[52rem] max-w-full items-stretch overflow-hidden rounded-md text-3xl font-semibold text-white shadow-lg" data-testid="lane-bar">
      <span className="flex w-16 shrink-0 items-center justify-center bg-amber-400 font-bold tabular-nums text-slate-950">{lane.lane}</span>
      {/* The name in a block of its own: a flex box's text is clipped without "…". */}
      <span className="flex min-w-0 flex-1 items-center bg-slate-900/90 px-4">
        <span className="min-w-0 truncate">{lane.teamName}</span>
      </span>
      <span
        className={cn(
          'flex w-44 shrink-0 items-center justify-end px-4 font-bold tabular-nums',
          text ? 'bg-emerald-700/95 text-white' : 'bg-slate-800/90 text-slate-400',
        )}
      >
        {text || '—'}
      </span>
    </li>
  );
});

/** A line of a division's top teams: rank, team, points. */
export const TopLine = memo(function TopLine({ standing }: { standing: Standing }) {
  return (
    <li className="flex h-12 w-[34rem] items-stretch overflow-hidden rounded-md text-2xl font-semibold text-white shadow-lg" data-testid="top-line">
      <span className="flex w-14 shrink-0 items-center justify-center bg-amber-400 font-bold tabular-nums text-slate-950">
        {standing.withdrawn ? '–' : (standing.rank ?? '–')}
      </span>
      <span className="flex min-w-0 flex-1 items-center bg-slate-900/90 px-3">
        <span className="min-w-0 truncate">{standing.teamName}</span>
      </span>
      <span className="flex w-28 shrink-0 items-center justify-end bg-slate-800/90 px-3 font-bold tabular-nums text-sky-300">
        {standing.withdrawn ? '–' : formatPoints(standing.totalPoints)}
      </span>
    </li>
  );
});
