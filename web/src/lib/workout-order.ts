// The web app's one home for workout order on screen: by position (workouts without one last),
// then by name. Admin pages sort the console's Workout (workoutOrder), public pages the public
// views' items (orderIndex); both use this rule (docs/architecture.md, "Where each rule lives").
import type { Workout } from '@/lib/api/types';

type Position = number | null | undefined;

function compareOrder(aOrder: Position, aName: string, bOrder: Position, bName: string): number {
  const a = aOrder ?? Number.POSITIVE_INFINITY;
  const b = bOrder ?? Number.POSITIVE_INFINITY;
  if (a !== b) return a < b ? -1 : 1;
  return aName.localeCompare(bName);
}

/** A comparator for the console's workouts: by workoutOrder (missing last), then by name. */
export const byWorkoutOrder = (a: Pick<Workout, 'workoutOrder' | 'name'>, b: Pick<Workout, 'workoutOrder' | 'name'>) =>
  compareOrder(a.workoutOrder, a.name, b.workoutOrder, b.name);

/** The public views' workouts (or rows standing for one) by orderIndex (missing last), then by name. */
export function sortByOrder<T extends { orderIndex: number | null; name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareOrder(a.orderIndex, a.name, b.orderIndex, b.name));
}
