// The console's list order on screen (docs/architecture.md, web app). Workouts go by position
// (workouts without one last), then by name. Divisions go by name. Teams keep the order the
// server sends: natural name order (Team 2 before Team 10), whose one home is
// internal/platform/natural (docs/result-invariants.md). Public pages sort nothing: the public
// views come in order.
import type { Workout } from '@/lib/api/types';

type Position = number | null | undefined;

function compareOrder(aOrder: Position, aName: string, bOrder: Position, bName: string): number {
  const a = aOrder ?? Number.POSITIVE_INFINITY;
  const b = bOrder ?? Number.POSITIVE_INFINITY;
  if (a !== b) return a < b ? -1 : 1;
  return aName.localeCompare(bName);
}

/** A comparator by name (divisions, workouts in name order; never teams, see above). */
export const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** A comparator for the console's workouts: by workoutOrder (missing last), then by name. */
export const byWorkoutOrder = (a: Pick<Workout, 'workoutOrder' | 'name'>, b: Pick<Workout, 'workoutOrder' | 'name'>) =>
  compareOrder(a.workoutOrder, a.name, b.workoutOrder, b.name);
