// Check-in at the door (docs/registration.md, "Check-in").
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { queryKeys } from '@/lib/queryKeys';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type CheckInTeam = Complete<definitions['v1CheckInTeam']>;
export type CheckInCounts = Complete<definitions['v1CheckInCounts']>;
export type CheckInList = { teams: CheckInTeam[]; divisions: CheckInCounts[] };

export const checkInQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.checkIn.byEvent(eventId),
    queryFn: () => api.get<CheckInList>(`/events/${eventId}/check-in`),
    // Two phones at two doors: each sees the other's taps within seconds.
    refetchInterval: 10_000,
  });

export const useCheckIn = (eventId: string) => useQuery({ ...checkInQuery(eventId), enabled: !!eventId });

function useInvalidate(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.checkIn.byEvent(eventId) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.heats.all }),
    ]);
}

export function useSetCheckIn(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: ({ teamId, present }: { teamId: string; present: boolean }) =>
      api.put<CheckInTeam>(`/events/${eventId}/check-in/${teamId}`, { present }),
    onSuccess: invalidate,
  });
}

export function useScanCheckIn(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: (code: string) => api.post<CheckInTeam>(`/events/${eventId}/check-in/scan`, { code }),
    onSuccess: invalidate,
  });
}
