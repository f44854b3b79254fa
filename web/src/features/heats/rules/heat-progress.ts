// Which lanes of a heat have a result, from the workout's result grid (one home for
// "entered": a grid row with an id).
import type { Heat, Result } from '@/lib/api/types';

export type LaneState = { entered: boolean; published: boolean; result: Result | undefined };

export function resultsByTeam(rows: Result[] | undefined): Map<string, Result> {
  return new Map((rows ?? []).filter((r) => r.id !== null).map((r) => [r.teamId, r]));
}

export function laneState(results: Map<string, Result>, teamId: string): LaneState {
  const result = results.get(teamId);
  return { entered: Boolean(result), published: Boolean(result?.isPublished), result };
}

/** Lanes entered, published, and in the heat. */
export function heatProgress(heat: Heat, results: Map<string, Result>) {
  let entered = 0;
  let published = 0;
  for (const l of heat.lanes) {
    const s = laneState(results, l.teamId);
    if (s.entered) entered++;
    if (s.published) published++;
  }
  return { entered, published, total: heat.lanes.length };
}
