// The public site's route table (/public/*). Every screen is its own lazy module, so a visitor
// never downloads admin code or handsontable.
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';

type RouteModule = { default: ComponentType };
const lazy = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default });
const toEvents = <Navigate to="/public/events" replace />;

export const publicRoute: RouteObject = {
  path: '/public',
  lazy: lazy(() => import('./layout')),
  children: [
    { index: true, element: toEvents },
    { path: 'events', lazy: lazy(() => import('./events-list')) },
    { path: 'events/:eventId', lazy: lazy(() => import('./event-details')) },
    { path: 'events/:eventId/leaderboard', lazy: lazy(() => import('./event-leaderboard')) },
    { path: 'events/:eventId/teams', lazy: lazy(() => import('./event-teams')) },
    { path: 'events/:eventId/schedule', lazy: lazy(() => import('./event-schedule')) },
    { path: 'events/:eventId/divisions/:divisionId/leaderboard', lazy: lazy(() => import('./division-leaderboard')) },
    {
      path: 'events/:eventId/divisions/:divisionId/workouts/:workoutId/leaderboard',
      lazy: lazy(() => import('./workout-leaderboard')),
    },
    { path: 'teams/:teamId', lazy: lazy(() => import('./team-details')) },
    { path: '*', element: toEvents },
  ],
};
