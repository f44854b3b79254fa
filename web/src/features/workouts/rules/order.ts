import type { Workout } from '@/lib/api/types';

/** By workoutOrder (workouts without one last), then by name. */
export const byWorkoutOrder = (a: Pick<Workout, 'workoutOrder' | 'name'>, b: Pick<Workout, 'workoutOrder' | 'name'>) =>
  (a.workoutOrder ?? Number.MAX_SAFE_INTEGER) - (b.workoutOrder ?? Number.MAX_SAFE_INTEGER) || a.name.localeCompare(b.name);
