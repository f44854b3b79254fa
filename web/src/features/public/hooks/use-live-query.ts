import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useEventStream } from '../api/stream';
import { useLiveRefresh } from './use-live-refresh';

/**
 * A public query that stays current: while the live stream of `eventId` is open, the changes it
 * announces refetch the query (features/public/api/stream.ts); while it is not open, or when the
 * view follows no stream (an admin preview shows drafts, which are never announced), the query
 * polls every `intervalMs` (null: never). `eventId` may be read from the data (a team page
 * learns its event from it). `softError` is set when a refresh failed after a first success:
 * the old data stays on screen with 'Connection lost. Retrying...'.
 */
export function useLiveQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
  intervalMs: number | null,
  eventId?: string | ((data: T) => string)
) {
  const query = useQuery(options);
  const { refetch } = query;
  const enabled = options.enabled !== false && query.data !== undefined;
  const followed = typeof eventId === 'function' ? (query.data === undefined ? undefined : eventId(query.data)) : eventId;
  const pushed = useEventStream(enabled ? followed : undefined);
  useLiveRefresh(() => void refetch(), pushed ? null : intervalMs, enabled);
  const softError = query.isError && query.data !== undefined;
  return { query, softError };
}
