import { useQueries } from '@tanstack/react-query';
import { useCallback } from 'react';
import { publicQueries, REFRESH_MS } from '../api/public';
import { useEventStream } from '../api/stream';
import { useLiveRefresh } from './use-live-refresh';

/**
 * The published overall boards of some divisions of an event, kept live like the public
 * leaderboards (use-live-query.ts): the event's stream refetches what a change touches; while
 * the stream is down they poll. `live` says whether the stream is open.
 */
export function useDivisionBoards(eventId: string, divisionIds: readonly string[]) {
  const boards = useQueries({
    queries: divisionIds.map((d) => ({ ...publicQueries.divisionLeaderboard(eventId, d, false), enabled: !!eventId })),
  });
  const live = useEventStream(eventId || undefined);
  const refetchAll = useCallback(() => {
    for (const b of boards) void b.refetch();
  }, [boards]);
  useLiveRefresh(refetchAll, live ? null : REFRESH_MS.divisionLeaderboard, !!eventId && divisionIds.length > 0);
  return { boards, live };
}
