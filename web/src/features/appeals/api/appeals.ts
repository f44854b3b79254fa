// Appeals (docs/competition-day.md): the athlete's team's appeals and published results with
// their windows (the athlete's session, athleteApi), the event's appeals, window and decisions
// for its staff (api), and the public adjustments page.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, athleteApi, apiRequest } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { queryKeys } from '@/lib/queryKeys';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type Appeal = Complete<definitions['v1Appeal']>;
export type AppealableResult = Complete<definitions['v1AppealableResult']>;
export type Appeals = Omit<Complete<definitions['v1Appeals']>, 'appeals' | 'results'> & { appeals: Appeal[]; results: AppealableResult[] };
export type Adjustment = Complete<definitions['v1PublicAdjustment']>;
export type Adjustments = Omit<Complete<definitions['v1PublicAdjustments']>, 'adjustments'> & { adjustments: Adjustment[] };

export type FileAppealInput = { resultId: string; reason: string; videoUrl: string };
export type DecisionInput = {
  appealId: string;
  decision: 'uphold' | 'dismiss';
  reason: string;
  status?: string;
  resultValue?: number | null;
  cappedReps?: number | null;
};

export const appealQueries = {
  mine: (eventId: string) =>
    queryOptions({
      queryKey: queryKeys.appeals.mine(eventId),
      queryFn: () => athleteApi.get<Appeals>(`/appeals/events/${eventId}/mine`),
    }),
  event: (eventId: string) =>
    queryOptions({
      queryKey: queryKeys.appeals.event(eventId),
      queryFn: () => api.get<Appeals>(`/events/${eventId}/appeals`),
    }),
  adjustments: (eventId: string) =>
    queryOptions({
      queryKey: queryKeys.public.adjustments(eventId),
      // Revalidated every time: the gateway answers an unchanged copy with a cheap 304.
      queryFn: ({ signal }) => apiRequest<Adjustments>(`/public/events/${eventId}/adjustments`, { signal, cache: 'no-cache' }),
      retry: 1,
      refetchOnWindowFocus: false,
    }),
};

export const useMyAppeals = (eventId: string) => useQuery({ ...appealQueries.mine(eventId), enabled: !!eventId });
export const useEventAppeals = (eventId: string) => useQuery({ ...appealQueries.event(eventId), enabled: !!eventId });

export function useFileAppeal(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ resultId, ...body }: FileAppealInput) => athleteApi.post<Appeal>(`/appeals/results/${resultId}`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appeals.mine(eventId) }),
  });
}

export function useDecideAppeal(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appealId, ...body }: DecisionInput) => api.post<Appeal>(`/events/${eventId}/appeals/${appealId}/decision`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appeals.event(eventId) }),
  });
}

export function useSetAppealWindow(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: number) => api.put<{ minutes: number }>(`/events/${eventId}/appeals/window`, { minutes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appeals.event(eventId) }),
  });
}

/** Publishes an upheld appeal's pending change, as the grid's Publish does (organisers). */
export function usePublishAppealChange(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (resultId: string) => api.post<{ updatedCount: number }>('/results/publication/publish', { resultIds: [resultId] }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.appeals.event(eventId) }),
  });
}
