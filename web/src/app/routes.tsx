import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { divisionLeaderboardLoader, workoutLeaderboardLoader } from '@/features/public/api/leaderboard-loaders';
import { loadNamespaces, type Namespace } from '@/lib/i18n/i18n';
import DivisionLeaderboardRoute from './routes/public/division-leaderboard';
import PublicLayout from './routes/public/layout';
import WorkoutLeaderboardRoute from './routes/public/workout-leaderboard';

type RouteModule = { default: ComponentType };

/** A lazy route module: its code (and what it imports) loads only when the route is visited,
 * beside the catalogues its screens speak from beyond `public`: `site` always (the pages beyond
 * the boards, the shared components), and any the route names (lib/i18n/i18n.ts). */
const lazy =
  (load: () => Promise<RouteModule>, ...namespaces: Namespace[]) =>
  async () => {
    const [module] = await Promise.all([load(), loadNamespaces('site', ...namespaces)]);
    return { Component: module.default };
  };

const redirect = (to: string): RouteObject['element'] => <Navigate to={to} replace />;
const toEvents = redirect('/admin/events');
const toPublicEvents = redirect('/public/events');

// The public site (/public/*): every page is its own lazy module, so a visitor never downloads
// admin code or handsontable. Except the spectator's hot path: the layout and the division and
// workout leaderboards come with the app's first script, and their loaders ask for the board as
// that script runs (docs/architecture.md, "The spectator's first load").
const publicRoutes = (queryClient: QueryClient): RouteObject[] => [
  // The federation's home (docs/series.md); the spec's event list stays at /public/events.
  { index: true, lazy: lazy(() => import('./routes/public/home')) },
  { path: 'series/:seriesId', lazy: lazy(() => import('./routes/public/series')) },
  { path: 'search', lazy: lazy(() => import('./routes/public/search')) },
  { path: 'events', lazy: lazy(() => import('./routes/public/events-list')) },
  { path: 'events/:eventId', lazy: lazy(() => import('./routes/public/event-details')) },
  { path: 'events/:eventId/leaderboard', lazy: lazy(() => import('./routes/public/event-leaderboard')) },
  { path: 'events/:eventId/teams', lazy: lazy(() => import('./routes/public/event-teams')) },
  { path: 'events/:eventId/schedule', lazy: lazy(() => import('./routes/public/event-schedule')) },
  { path: 'events/:eventId/adjustments', lazy: lazy(() => import('./routes/public/event-adjustments')) },
  { path: 'events/:eventId/floor', lazy: lazy(() => import('./routes/public/event-floor')) },
  {
    path: 'events/:eventId/divisions/:divisionId/leaderboard',
    loader: divisionLeaderboardLoader(queryClient),
    Component: DivisionLeaderboardRoute,
  },
  {
    path: 'events/:eventId/divisions/:divisionId/workouts/:workoutId/leaderboard',
    loader: workoutLeaderboardLoader(queryClient),
    Component: WorkoutLeaderboardRoute,
  },
  { path: 'teams/:teamId', lazy: lazy(() => import('./routes/public/team-details')) },
  { path: 'athletes/:athleteId', lazy: lazy(() => import('./routes/public/athlete')) },
  // The athlete's registrations (docs/registration.md).
  { path: 'me/registrations', lazy: lazy(() => import('./routes/public/my-registrations')) },
  { path: 'registration/accept', lazy: lazy(() => import('./routes/public/accept-invitation')) },
  // A place offered by a transfer's mailed link (docs/registration.md, "Transfers").
  { path: 'registration/transfer', lazy: lazy(() => import('./routes/public/accept-transfer')) },
  // A minor's guardian accepts the waiver by the mailed link (docs/waivers.md).
  { path: 'waiver/guardian/:key', lazy: lazy(() => import('./routes/public/guardian-waiver')) },
  // The athlete's account (docs/access.md, "Athletes"); mails link to verify and reset-password.
  { path: 'athlete/sign-up', lazy: lazy(() => import('./routes/public/athlete-sign-up')) },
  { path: 'athlete/sign-in', lazy: lazy(() => import('./routes/public/athlete-sign-in')) },
  { path: 'athlete/verify', lazy: lazy(() => import('./routes/public/athlete-verify')) },
  { path: 'athlete/forgot-password', lazy: lazy(() => import('./routes/public/athlete-forgot-password')) },
  { path: 'athlete/reset-password', lazy: lazy(() => import('./routes/public/athlete-reset-password')) },
  { path: 'athlete/profile', lazy: lazy(() => import('./routes/public/athlete-profile')) },
  // The volunteer's own page, by the secret of their mailed link (docs/crew.md).
  { path: 'volunteer/:key', lazy: lazy(() => import('./routes/public/volunteer')) },
  { path: 'volunteer/:key/packet', lazy: lazy(() => import('./routes/public/volunteer-packet')) },
  { path: '*', element: toPublicEvents },
];

const adminRoutes: RouteObject[] = [
  { index: true, element: toEvents },
  { path: 'events', lazy: lazy(() => import('./routes/admin/events-list')) },
  { path: 'events/new', lazy: lazy(() => import('./routes/admin/event-create')) },
  { path: 'events/:eventId', lazy: lazy(() => import('./routes/admin/event-detail')) },
  { path: 'events/:eventId/edit', lazy: lazy(() => import('./routes/admin/event-edit')) },
  { path: 'events/:eventId/activity', lazy: lazy(() => import('./routes/admin/event-activity')) },
  { path: 'events/:eventId/registrations', lazy: lazy(() => import('./routes/admin/event-registrations')) },
  { path: 'events/:eventId/appeals', lazy: lazy(() => import('./routes/admin/event-appeals')) },
  { path: 'events/:eventId/check-in', lazy: lazy(() => import('./routes/admin/event-check-in')) },
  { path: 'events/:eventId/crew', lazy: lazy(() => import('./routes/admin/event-crew')) },
  { path: 'events/:eventId/crew/board', lazy: lazy(() => import('./routes/admin/event-crew-board')) },
  { path: 'events/:eventId/crew/packet/:volunteerId', lazy: lazy(() => import('./routes/admin/event-crew-packet')) },
  { path: 'events/:eventId/waiver', lazy: lazy(() => import('./routes/admin/event-waiver')) },
  { path: 'events/:eventId/messages', lazy: lazy(() => import('./routes/admin/event-messages')) },
  { path: 'events/:eventId/money', lazy: lazy(() => import('./routes/admin/event-money')) },
  { path: 'events/:eventId/waiver/kiosk', lazy: lazy(() => import('./routes/admin/event-waiver-kiosk')) },
  { path: 'events/:eventId/judge-links', lazy: lazy(() => import('./routes/admin/event-judge-links')) },
  { path: 'events/:eventId/final', lazy: lazy(() => import('./routes/admin/event-final')) },
  { path: 'events/:eventId/divisions', lazy: lazy(() => import('./routes/admin/event-divisions')) },
  { path: 'events/:eventId/divisions/new', lazy: lazy(() => import('./routes/admin/division-create')) },
  { path: 'events/:eventId/teams', lazy: lazy(() => import('./routes/admin/event-teams')) },
  { path: 'events/:eventId/workouts', lazy: lazy(() => import('./routes/admin/workouts-list')) },
  { path: 'events/:eventId/workouts/new', lazy: lazy(() => import('./routes/admin/workout-create')) },
  { path: 'events/:eventId/workouts/:workoutId', lazy: lazy(() => import('./routes/admin/workout-detail')) },
  { path: 'events/:eventId/workouts/:workoutId/edit', lazy: lazy(() => import('./routes/admin/workout-edit')) },
  { path: 'events/:eventId/workouts/:workoutId/heats', lazy: lazy(() => import('./routes/admin/workout-heats')) },
  { path: 'events/:eventId/workouts/:workoutId/submissions', lazy: lazy(() => import('./routes/admin/workout-submissions')) },
  { path: 'events/:eventId/results/entry', lazy: lazy(() => import('./routes/admin/result-entry')) },
  { path: 'users', lazy: lazy(() => import('./routes/admin/users')) },
  { path: 'outbox', lazy: lazy(() => import('./routes/admin/outbox')) },
  { path: 'series', lazy: lazy(() => import('./routes/admin/series-list')) },
  { path: 'series/:seriesId', lazy: lazy(() => import('./routes/admin/series-detail')) },
  { path: 'account', lazy: lazy(() => import('./routes/admin/account')) },
  { path: 'divisions/:divisionId', lazy: lazy(() => import('./routes/admin/division-detail')) },
  { path: 'divisions/:divisionId/edit', lazy: lazy(() => import('./routes/admin/division-edit')) },
  { path: 'divisions/:divisionId/teams', lazy: lazy(() => import('./routes/admin/division-teams')) },
  { path: 'divisions/:divisionId/teams/grid', lazy: lazy(() => import('./routes/admin/team-grid')) },
  { path: 'teams/:teamId', lazy: lazy(() => import('./routes/admin/team-detail')) },
  { path: 'teams/:teamId/edit', lazy: lazy(() => import('./routes/admin/team-edit')) },
  { path: 'teams/:teamId/results', lazy: lazy(() => import('./routes/admin/team-results')) },
  // Final route table: these former screens redirect to the events list.
  ...['divisions', 'divisions/new', 'teams', 'teams/new', 'teams/bulk'].map((path) => ({ path, element: toEvents })),
  { path: '*', element: toEvents },
];

/** The app's routes; the query client is the one the app's provider shares (loaders fill it). */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  { path: '/', element: toPublicEvents },
  { path: '/login', lazy: lazy(() => import('./routes/login'), 'console') },
  { path: '/judge', lazy: lazy(() => import('./routes/judge'), 'judge') },
  // A judge card's screen: no account, works offline (docs/judging.md).
  { path: '/judge/link', lazy: lazy(() => import('./routes/judge-link'), 'judge') },
  // The same screen opened by the card's typed code when its QR code will not scan.
  { path: '/judge/code', lazy: lazy(() => import('./routes/judge-code'), 'judge') },
  { path: '/public', Component: PublicLayout, children: publicRoutes(queryClient) },
  // The venue (docs/venue.md): the TV over the floor, OBS overlays and embeddable boards; no
  // site chrome, published data only.
  { path: '/tv/events/:eventId', lazy: lazy(() => import('./routes/tv')) },
  { path: '/overlay/heats/:heatId', lazy: lazy(() => import('./routes/overlay-heat')) },
  { path: '/overlay/events/:eventId/divisions/:divisionId/top', lazy: lazy(() => import('./routes/overlay-top')) },
  { path: '/embed/events/:eventId/divisions/:divisionId/leaderboard', lazy: lazy(() => import('./routes/embed-division')) },
  { path: '/embed/events/:eventId/divisions/:divisionId/workouts/:workoutId/leaderboard', lazy: lazy(() => import('./routes/embed-workout')) },
  { path: '/embed/events/:eventId/leaderboard', lazy: lazy(() => import('./routes/embed-overview')) },
  { path: '/embed/events/:eventId/schedule', lazy: lazy(() => import('./routes/embed-schedule')) },
  { path: '/admin', lazy: lazy(() => import('./routes/admin/layout'), 'console', 'judge'), children: adminRoutes },
  { path: '*', element: toPublicEvents },
];
