// The leaderboard freeze of an online event (docs/qualifiers.md, "The leaderboard freeze"):
// whether the public board is frozen, and the organiser's freeze and unfreeze.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { queryKeys } from '@/lib/queryKeys';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type LeaderboardFreeze = Complete<definitions['v1LeaderboardFreeze']>;

export const freezeQueries = {
  state: (eventId: string) =>
    queryOptions({
      queryKey: queryKeys.qualifiers.freeze(eventId),
      queryFn: () => api.get<LeaderboardFreeze>(`/events/${eventId}/leaderboard/freeze`),
    }),
};

export const useLeaderboardFreeze = (eventId: string) => useQuery({ ...freezeQueries.state(eventId), enabled: !!eventId });

/** Freezes (true) or unfreezes (false) the public board; the answer is the new state. */
export function useSetLeaderboardFreeze(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (freeze: boolean) => api.post<LeaderboardFreeze>(`/events/${eventId}/leaderboard/${freeze ? 'freeze' : 'unfreeze'}`, {}),
    onSuccess: (state) => queryClient.setQueryData(queryKeys.qualifiers.freeze(eventId), state),
  });
}
