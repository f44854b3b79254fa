import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api/client';
import { EmptyState } from './empty-state';
import { ErrorPanel } from './error-panel';
import { LoadingPlaceholder } from './loading-placeholder';

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  errorTitle: string;
  /** Shown instead of the error panel when the server answers 404. */
  notFound?: string;
  children: (data: T) => ReactNode;
};

/**
 * Loading placeholder, error panel with retry, or not-found state around a query's data. A failed
 * background refetch keeps showing the data it had, so an editor below never unmounts (and never
 * drops typed values) because the connection dropped for a moment.
 */
export function QueryState<T>({ query, errorTitle, notFound, children }: QueryStateProps<T>) {
  if (query.isPending) return <LoadingPlaceholder />;
  if (query.isError && query.data === undefined) {
    if (notFound && query.error instanceof ApiError && query.error.status === 404) return <EmptyState title={notFound} />;
    return <ErrorPanel title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data as T)}</>;
}
