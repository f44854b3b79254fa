import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ActivityPage, ResultHistory } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

/** Every change to one result, oldest first: GET /api/results/{id}/history. */
export const getResultHistory = (id: string) => api.get<ResultHistory>(`/results/${id}/history`);

/** A page of an event's activity, newest first: GET /api/events/{eventId}/activity. */
export const getEventActivity = (eventId: string, before: string, limit = 50) =>
  api.get<ActivityPage>(`/events/${eventId}/activity`, { before, limit });

export const resultHistoryQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.results.history(id), queryFn: () => getResultHistory(id), staleTime: 0 });

export const eventActivityQuery = (eventId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.results.activity(eventId),
    queryFn: ({ pageParam }) => getEventActivity(eventId, pageParam),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextBefore || undefined,
    staleTime: 0,
  });

export const useResultHistory = (id: string) => useQuery(resultHistoryQuery(id));
export const useEventActivity = (eventId: string) => useInfiniteQuery(eventActivityQuery(eventId));
