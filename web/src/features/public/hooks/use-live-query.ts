import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useLiveRefresh } from './use-live-refresh';

/**
 * A public query that refreshes itself. `softError` is set when a refresh failed after a first
 * success: the old data stays on screen with 'Connection lost. Retrying...'.
 */
export function useLiveQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K>, intervalMs: number) {
  const query = useQuery(options);
  const { refetch } = query;
  useLiveRefresh(() => void refetch(), intervalMs, options.enabled !== false && query.data !== undefined);
  const softError = query.isError && query.data !== undefined;
  return { query, softError };
}
