// Heats of a workout and the calls on them (docs/heats.md).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { GenerateHeatsInput, Heat, HeatInput, LaneResultInput, PublishHeatResult, Result, ShiftScheduleInput, ShiftScheduleResult } from '@/lib/api/types';
import { useInvalidateResults } from '@/lib/queries/results';
import { queryKeys } from '@/lib/queryKeys';

const base = (eventId: string, workoutId: string) => `/events/${eventId}/workouts/${workoutId}/heats`;

export const getHeats = (eventId: string, workoutId: string) => api.get<Heat[]>(base(eventId, workoutId));
export const createHeat = (eventId: string, workoutId: string, input: HeatInput) => api.post<Heat>(base(eventId, workoutId), input);
export const generateHeats = (eventId: string, workoutId: string, input: GenerateHeatsInput) =>
  api.post<Heat[]>(`${base(eventId, workoutId)}/generate`, input);
export const updateHeat = (id: string, input: HeatInput) => api.put<Heat>(`/heats/${id}`, input);
export const shiftSchedule = (eventId: string, input: ShiftScheduleInput) => api.post<ShiftScheduleResult>(`/events/${eventId}/heats/shift`, input);
export const deleteHeat = (id: string) => api.delete(`/heats/${id}`);
export const publishHeat = (id: string) => api.post<PublishHeatResult>(`/heats/${id}/publish`);
export const saveLaneResult = (heatId: string, lane: number, input: LaneResultInput) =>
  api.post<Result>(`/heats/${heatId}/lanes/${lane}/result`, input);
/** The server judges the entry by every rule Save applies and saves nothing (checkOnly). */
export const checkLaneResult = (heatId: string, lane: number, input: LaneResultInput) =>
  api.post<Result>(`/heats/${heatId}/lanes/${lane}/result`, { ...input, checkOnly: true });

export const heatsQuery = (eventId: string, workoutId: string) =>
  queryOptions({ queryKey: queryKeys.heats.byWorkout(eventId, workoutId), queryFn: () => getHeats(eventId, workoutId) });

export const useHeats = (eventId: string, workoutId: string, enabled = true) =>
  useQuery({ ...heatsQuery(eventId, workoutId), enabled: enabled && Boolean(eventId && workoutId) });

/** Heats changed elsewhere (a judge's save was refused because a lane moved): read them again. */
export function useInvalidateHeats() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.heats.all });
}

export function useGenerateHeats(eventId: string, workoutId: string) {
  const invalidate = useInvalidateHeats();
  return useMutation({ mutationFn: (input: GenerateHeatsInput) => generateHeats(eventId, workoutId, input), onSuccess: invalidate });
}

export function useCreateHeat(eventId: string, workoutId: string) {
  const invalidate = useInvalidateHeats();
  return useMutation({ mutationFn: (input: HeatInput) => createHeat(eventId, workoutId, input), onSuccess: invalidate });
}

export function useUpdateHeat() {
  const invalidate = useInvalidateHeats();
  return useMutation({ mutationFn: ({ id, input }: { id: string; input: HeatInput }) => updateHeat(id, input), onSuccess: invalidate });
}

/** A shift moves heats of every workout of the event: every heats list is read again. */
export function useShiftSchedule(eventId: string) {
  const invalidate = useInvalidateHeats();
  return useMutation({ mutationFn: (input: ShiftScheduleInput) => shiftSchedule(eventId, input), onSuccess: invalidate });
}

export function useDeleteHeat() {
  const invalidate = useInvalidateHeats();
  return useMutation({ mutationFn: deleteHeat, onSuccess: invalidate });
}

/** A heat's publication changes its results' state in the grids and the matrix. */
export function usePublishHeat() {
  const invalidate = useInvalidateResults();
  return useMutation({ mutationFn: publishHeat, onSuccess: invalidate });
}

export function useCheckLaneResult() {
  return useMutation({
    mutationFn: ({ heatId, lane, input }: { heatId: string; lane: number; input: LaneResultInput }) => checkLaneResult(heatId, lane, input),
  });
}

export function useSaveLaneResult() {
  const invalidate = useInvalidateResults();
  return useMutation({
    mutationFn: ({ heatId, lane, input }: { heatId: string; lane: number; input: LaneResultInput }) => saveLaneResult(heatId, lane, input),
    onSuccess: invalidate,
  });
}
