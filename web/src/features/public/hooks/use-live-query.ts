import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { ViewScope } from '../api/stream';
import { useEventStream } from './use-event-stream';
import { useLiveRefresh } from './use-live-refresh';

/** Which event's live stream a view follows, and the part of the event it shows. */
export type LiveSource = { eventId: string | undefined } & ViewScope;

/**
 * A public query that stays current: refetched when its event's live stream names a change that
 * touches it, and polled every `intervalMs` (null: never) while that stream is not open or the
 * view follows none. `live` may be read from the data (a team page learns its event from it).
 * `softError` is set when a refresh failed after a first success: the old data stays on screen
 * with 'Connection lost. Retrying...'.
 */
export function useLiveQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
  intervalMs: number | null,
  live?: LiveSource | ((data: T) => LiveSource),
) {
  const query = useQuery(options);
  const { refetch } = query;
  const enabled = options.enabled !== false && query.data !== undefined;
  const source = typeof live === 'function' ? (query.data === undefined ? undefined : live(query.data)) : live;
  const pushed = useEventStream(
    enabled ? source?.eventId : undefined,
    { divisionId: source?.divisionId, workoutId: source?.workoutId },
    () => void refetch(),
  );
  useLiveRefresh(() => void refetch(), pushed ? null : intervalMs, enabled);
  const softError = query.isError && query.data !== undefined;
  return { query, softError };
}
