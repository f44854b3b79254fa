import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/lib/api/client';
import { ErrorPanel } from './error-panel';
import { LoadingPlaceholder } from './loading-placeholder';
import { NotFoundState } from './not-found-state';

type QueryStateProps<T> = {
  query: UseQueryResult<T>;
  errorTitle: string;
  /** Shown instead of the error panel when the server answers 404, with breadcrumbs and Back. */
  notFound?: string;
  /** The page Back leads to from the not-found state (the events list unless given). */
  notFoundParent?: { label: string; to: string };
  children: (data: T) => ReactNode;
};

/**
 * Loading placeholder, error panel with retry, or not-found state around a query's data. A failed
 * background refetch keeps showing the data it had, so an editor below never unmounts (and never
 * drops typed values) because the connection dropped for a moment.
 */
export function QueryState<T>({ query, errorTitle, notFound, notFoundParent, children }: QueryStateProps<T>) {
  if (query.isPending) return <LoadingPlaceholder />;
  if (query.isError && query.data === undefined) {
    if (notFound && query.error instanceof ApiError && query.error.status === 404) return <NotFoundState title={notFound} parent={notFoundParent} />;
    return <ErrorPanel title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data as T)}</>;
}
