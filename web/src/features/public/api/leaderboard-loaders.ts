// Route loaders of the division and workout leaderboards: they ask for the board as soon as the
// route matches, while the page's code is still downloading, not after it ran (docs/architecture.md,
// "The spectator's first load"). They never wait for the answer, so the page keeps its own
// loading, error and not-found states; its query then finds the request already under way.
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { includeUnpublishedParam, PREVIEW_PARAM } from '../components/admin-preview';
import { publicQueries } from './public';

/** The admin preview the page will ask for: the same reading of the URL as usePreviewRequested. */
const previewRequested = (request: Request): boolean => includeUnpublishedParam(new URL(request.url).searchParams.get(PREVIEW_PARAM));

export const divisionLeaderboardLoader =
  (queryClient: QueryClient) =>
  ({ params: { eventId, divisionId }, request }: LoaderFunctionArgs): null => {
    if (eventId && divisionId) void queryClient.prefetchQuery(publicQueries.divisionLeaderboard(eventId, divisionId, previewRequested(request)));
    return null;
  };

export const workoutLeaderboardLoader =
  (queryClient: QueryClient) =>
  ({ params: { eventId, divisionId, workoutId }, request }: LoaderFunctionArgs): null => {
    if (eventId && divisionId && workoutId)
      void queryClient.prefetchQuery(publicQueries.workoutLeaderboard(eventId, divisionId, workoutId, previewRequested(request)));
    return null;
  };
