// A heat's results as the public sees them (docs/venue.md): each lane's team's published result
// in the heat's workout, read from its division's board (the boards show published results only).
import type { DivisionLeaderboard } from '../api/types';

export type LaneResult = { status: string; result: string; rank: number | null };

/** The published result of each team in `workoutId`, by team id, from the divisions' boards. */
export function heatResults(boards: readonly (DivisionLeaderboard | undefined)[], workoutId: string): Map<string, LaneResult> {
  const out = new Map<string, LaneResult>();
  for (const b of boards) {
    for (const s of b?.standings ?? []) {
      const r = s.workoutResults.find((w) => w.workoutId === workoutId);
      if (r && r.status !== 'not_started') out.set(s.teamId, { status: r.status, result: r.result, rank: r.rank });
    }
  }
  return out;
}

/** The divisions of a heat's lanes, each once, in lane order. */
export const heatDivisions = (lanes: readonly { divisionId: string }[]): string[] => [...new Set(lanes.map((l) => l.divisionId))];

/** "4:05", "1:02:03" or "0:09": the time until (or since) a start, whole seconds. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
