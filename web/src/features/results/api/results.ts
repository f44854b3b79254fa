import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { PublicationStatus, Result, ResultInput } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';
import { STALE } from '@/lib/queryClient';
import { useInvalidateResults, type GridFilter } from '@/lib/queries/results';

export const getPublicationStatus = (eventId: string, filter: GridFilter = {}) =>
  api.get<PublicationStatus>('/results/publication/status', { eventId, ...filter });
/** `publish` saves and publishes in one transaction ("Save and publish", organisers only). */
export const batchSaveResults = ({ results, publish = false }: { results: ResultInput[]; publish?: boolean }) =>
  api.post<{ results: Result[]; unchangedIds: string[] }>('/results/batch', { results, publish });
export const deleteResult = (id: string) => api.delete(`/results/${id}`);
/** A result's new values, whole (PUT /api/results/{id}): the marks editor sends its values
 * back with the marks. */
export const updateResult = ({ id, ...body }: Omit<ResultInput, 'teamId' | 'workoutId'> & { id: string; tiebreakValue: number | null }) =>
  api.put<Result>(`/results/${id}`, body);
export const deleteResults = (eventId: string, filter: Required<GridFilter>) =>
  api.delete<{ deletedCount: number }>(`/events/${eventId}/results`, filter);
export const recalculateEvent = (eventId: string) => api.post(`/events/${eventId}/results/recalculate`);

export type PublicationAction = 'publish' | 'unpublish' | 'toggle';
export const changePublication = (action: PublicationAction, resultIds: string[]) =>
  api.post<{ updatedCount: number }>(`/results/publication/${action}`, { resultIds });

export const publicationStatusQuery = (eventId: string, filter: GridFilter = {}) =>
  queryOptions({
    queryKey: queryKeys.results.publicationStatus(eventId, filter),
    queryFn: () => getPublicationStatus(eventId, filter),
    staleTime: STALE.publicationStatus,
  });

export const usePublicationStatus = (eventId: string, filter: GridFilter = {}) =>
  useQuery(publicationStatusQuery(eventId, filter));

/** A refused save refetches too: the refusal may come from a change made elsewhere (a lower
 * cap), which the grid then shows and checks. Typed values are drafts and survive the refetch. */
export function useBatchSaveResults() {
  const invalidate = useInvalidateResults();
  return useMutation({ mutationFn: batchSaveResults, onSettled: invalidate });
}

/** A refused change refetches too, like a batch save. */
export function useUpdateResult() {
  const invalidate = useInvalidateResults();
  return useMutation({ mutationFn: updateResult, onSettled: invalidate });
}

export function useDeleteResult() {
  const invalidate = useInvalidateResults();
  return useMutation({ mutationFn: deleteResult, onSuccess: invalidate });
}

export function useDeleteResults(eventId: string) {
  const invalidate = useInvalidateResults();
  return useMutation({ mutationFn: (filter: Required<GridFilter>) => deleteResults(eventId, filter), onSuccess: invalidate });
}

/** What a failed publication change is called in its alert (never silent). */
export const PUBLICATION_FAILURE: Record<PublicationAction, string> = {
  publish: 'Publish failed',
  unpublish: 'Unpublish failed',
  toggle: 'Publication change failed',
};

/**
 * Publication changes. A failure stays in the mutation's error for the screen to show (and
 * dismiss with reset()); the results are refetched either way, so the screen shows the stored
 * state, never the one asked for. These failures are never swallowed; docs/console-unsaved-data.md
 * says why.
 */
export function useChangePublication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, resultIds }: { action: PublicationAction; resultIds: string[] }) =>
      changePublication(action, resultIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.results.all }),
  });
}

/** Recalculation; like publication, a failure is the screen's to show. */
export function useRecalculateEvent(eventId: string) {
  const invalidate = useInvalidateResults();
  return useMutation({
    mutationFn: () => recalculateEvent(eventId),
    onSettled: invalidate,
  });
}
