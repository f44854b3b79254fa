import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { ErrorPanel } from '@/components/error-panel';
import { FullPageSpinner } from '@/components/spinner';
import { createRoutes } from './routes';

/** A pathless root adds the spinner shown while the first lazy route loads, and a last-resort error panel. */
export const createAppRouter = (queryClient: QueryClient) =>
  createBrowserRouter([
    {
      hydrateFallbackElement: <FullPageSpinner />,
      errorElement: (
        <div className="p-6">
          <ErrorPanel title="Something went wrong" error={new Error('This page could not be loaded. Please try refreshing the page.')} />
        </div>
      ),
      children: createRoutes(queryClient),
    },
  ]);
