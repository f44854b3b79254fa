// The workout order card's order. Every other list comes in order from the server (the event's
// workouts in workout order, lists by name: docs/architecture.md, "Where each rule lives");
// the card edits the order of the workouts list, which the server sends by name.
import type { Workout } from '@/lib/api/types';

/** By workoutOrder (missing last), then by name, as competition-svc orders them. */
export const byWorkoutOrder = (a: Pick<Workout, 'workoutOrder' | 'name'>, b: Pick<Workout, 'workoutOrder' | 'name'>) => {
  const ao = a.workoutOrder ?? Number.POSITIVE_INFINITY;
  const bo = b.workoutOrder ?? Number.POSITIVE_INFINITY;
  if (ao !== bo) return ao < bo ? -1 : 1;
  return a.name.localeCompare(b.name);
};
