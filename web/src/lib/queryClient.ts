import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/client';

export const STALE = {
  resultGrid: 10_000,
  teams: 30_000,
  publicationStatus: 30_000,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      // A save while the browser believes it is offline must fail and say so (the typed values
      // stay as a draft), not wait silently with a spinner.
      mutations: { networkMode: 'always' },
    },
  });
}
