// A heat's lanes as big buttons, each marked once its result is entered.
import { cn } from '@/components/cn';
import type { Heat } from '@/lib/api/types';
import { laneState, type resultsByTeam } from '../rules/heat-progress';

export function JudgeLaneList({ heat, results, onChoose }: {
  heat: Heat;
  results: ReturnType<typeof resultsByTeam>;
  onChoose: (lane: number) => void;
}) {
  return (
    <nav aria-label="Lanes" className="mt-5 grid gap-2">
      {heat.lanes.map((l) => {
        const s = laneState(results, l.teamId);
        return (
          <button
            key={l.lane}
            type="button"
            onClick={() => onChoose(l.lane)}
            className={cn('flex min-h-16 items-center gap-3 rounded-xl border-2 bg-white px-4 text-left', s.entered ? 'border-green-500' : 'border-slate-300')}
          >
            <span className="text-2xl font-bold tabular-nums text-slate-500">{l.lane}</span>
            <span className="flex-1 text-lg font-semibold">{l.teamName}</span>
            {s.entered && <span className="text-sm font-medium text-green-700">✓ entered</span>}
          </button>
        );
      })}
      {heat.lanes.length === 0 && <p className="text-slate-600">This heat has no teams.</p>}
    </nav>
  );
}
