// The result grid, read by result entry, a workout's heats page and the judge's screen, and the
// invalidation every result write ends with (the result writes of features/results and
// features/heats).
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { ResultGrid } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';
import { STALE } from '@/lib/queryClient';

export type GridFilter = { workoutId?: string; divisionId?: string };

export const getResultGrid = (eventId: string, filter: GridFilter = {}) =>
  api.get<ResultGrid>(`/events/${eventId}/results`, filter);

export const resultGridQuery = (eventId: string, filter: GridFilter = {}) =>
  queryOptions({
    queryKey: queryKeys.results.grid(eventId, filter),
    queryFn: () => getResultGrid(eventId, filter),
    staleTime: STALE.resultGrid,
  });

export const useResultGrid = (eventId: string, filter: GridFilter = {}, enabled = true) =>
  useQuery({ ...resultGridQuery(eventId, filter), enabled });

/** Results feed the grids, the matrix, publication status, team locks and workout hasResults. */
export function useInvalidateResults() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.results.all, queryKeys.teams.all, queryKeys.workouts.all, queryKeys.events.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}
