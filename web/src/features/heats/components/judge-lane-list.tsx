// A heat's lanes as big buttons, each marked once its result is entered, or with the phone's
// score that waits to send.
import { cn } from '@/components/cn';
import type { Heat } from '@/lib/api/types';
import type { StoredScore } from '../api/score-store';
import { laneState, type resultsByTeam } from '../rules/heat-progress';
import { waitingForLane } from '../rules/score-queue';

export function JudgeLaneList({ heat, results, scores, onChoose }: {
  heat: Heat;
  results: ReturnType<typeof resultsByTeam>;
  scores: StoredScore[];
  onChoose: (lane: number) => void;
}) {
  return (
    <nav aria-label="Lanes" className="mt-5 grid gap-2">
      {heat.lanes.map((l) => {
        const s = laneState(results, l.teamId);
        const waiting = waitingForLane(scores, heat.id, l.lane);
        return (
          <button
            key={l.lane}
            type="button"
            onClick={() => onChoose(l.lane)}
            className={cn('flex min-h-16 items-center gap-3 rounded-xl border-2 bg-white px-4 text-left', waiting ? 'border-amber-400' : s.entered ? 'border-green-500' : 'border-slate-300')}
          >
            <span className="text-2xl font-bold tabular-nums text-slate-500">{l.lane}</span>
            <span className="flex-1 text-lg font-semibold">{l.teamName}</span>
            {waiting ? (
              <span className="text-right text-sm font-medium text-amber-800">
                <span className="block text-lg tabular-nums text-slate-900">{waiting.text}</span>
                waiting
              </span>
            ) : (
              s.entered && <span className="text-sm font-medium text-green-700">✓ entered</span>
            )}
          </button>
        );
      })}
      {heat.lanes.length === 0 && <p className="text-slate-600">This heat has no teams.</p>}
    </nav>
  );
}
