// Check-in at the door (docs/registration.md, "Check-in").
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { queryKeys } from '@/lib/queryKeys';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type CheckInAthlete = Complete<definitions['v1CheckInAthlete']>;
// A team added by hand without names has no athletes: the field is then left out.
export type CheckInTeam = Omit<Complete<definitions['v1CheckInTeam']>, 'athletes'> & { athletes?: CheckInAthlete[] };
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

/** One athlete of a team's roster present or absent; the team follows (docs/registration.md). */
export function useSetAthleteCheckIn(eventId: string) {
  const invalidate = useInvalidate(eventId);
  return useMutation({
    mutationFn: ({ teamId, position, present }: { teamId: string; position: number; present: boolean }) =>
      api.put<CheckInTeam>(`/events/${eventId}/check-in/${teamId}/athletes/${position}`, { present }),
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
