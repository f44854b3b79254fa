import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ScoreTypeOption, Workout, WorkoutInput } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

const base = (eventId: string) => `/events/${eventId}/workouts`;

export const getWorkouts = (eventId: string) => api.get<Workout[]>(base(eventId));
export const getWorkout = (eventId: string, id: string) => api.get<Workout>(`${base(eventId)}/${id}`);
export const getScoreTypes = (eventId: string) => api.get<ScoreTypeOption[]>(`${base(eventId)}/score-types`);
export const createWorkout = (eventId: string, input: WorkoutInput) =>
  api.post<Workout>(base(eventId), { eventId, ...input });
export const updateWorkout = (eventId: string, id: string, input: WorkoutInput) =>
  api.put<Workout>(`${base(eventId)}/${id}`, { id, ...input });
export const deleteWorkout = (eventId: string, id: string) => api.delete(`${base(eventId)}/${id}`);
export const reorderWorkouts = (eventId: string, workoutIds: string[]) =>
  api.post<Workout[]>(`${base(eventId)}/reorder`, { workoutIds });

export const workoutsQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.workouts.byEvent(eventId), queryFn: () => getWorkouts(eventId) });
export const workoutQuery = (eventId: string, id: string) =>
  queryOptions({ queryKey: queryKeys.workouts.detail(eventId, id), queryFn: () => getWorkout(eventId, id) });
export const scoreTypesQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.workouts.scoreTypes(eventId), queryFn: () => getScoreTypes(eventId), staleTime: Infinity });

export const useWorkouts = (eventId: string) => useQuery(workoutsQuery(eventId));
export const useWorkout = (eventId: string, id: string) => useQuery(workoutQuery(eventId, id));
export const useScoreTypes = (eventId: string) => useQuery(scoreTypesQuery(eventId));

/** Workout changes alter the event detail and may recalculate scores. */
function useInvalidateWorkouts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.workouts.all, queryKeys.events.all, queryKeys.results.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useCreateWorkout(eventId: string) {
  const invalidate = useInvalidateWorkouts();
  return useMutation({ mutationFn: (input: WorkoutInput) => createWorkout(eventId, input), onSuccess: invalidate });
}

export function useUpdateWorkout(eventId: string, id: string) {
  const invalidate = useInvalidateWorkouts();
  return useMutation({ mutationFn: (input: WorkoutInput) => updateWorkout(eventId, id, input), onSuccess: invalidate });
}

export function useDeleteWorkout(eventId: string) {
  const invalidate = useInvalidateWorkouts();
  return useMutation({ mutationFn: (id: string) => deleteWorkout(eventId, id), onSuccess: invalidate });
}

export function useReorderWorkouts(eventId: string) {
  const invalidate = useInvalidateWorkouts();
  return useMutation({ mutationFn: (ids: string[]) => reorderWorkouts(eventId, ids), onSuccess: invalidate });
}
