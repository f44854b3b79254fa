import { matchRoutes, type RouteObject } from 'react-router';
import type { Role } from '@/lib/api/types';

/** What the console offers on one event. The server decides every call; this only keeps the
 * console from showing buttons that would end in 403. */
export type EventPermissions = {
  /** Setup, status, publication, recalculation and grants: everything but result entry. */
  manage: boolean;
  /** Create, update and delete results. */
  enterResults: boolean;
};

const NONE: EventPermissions = { manage: false, enterResults: false };

/** An admin manages every event; an organiser the events they hold the organiser grant on; any
 * other grant (and every grant of a scorer) allows result entry only. Unknown yet: nothing. */
export function eventPermissions(role: Role | undefined, holdsOrganiserGrant: boolean | undefined): EventPermissions {
  if (role === 'admin') return { manage: true, enterResults: true };
  if (role === 'scorer') return { manage: false, enterResults: true };
  if (role === 'organiser' && holdsOrganiserGrant !== undefined) return { manage: holdsOrganiserGrant, enterResults: true };
  return NONE;
}

export const canManageUsers = (role: Role | undefined) => role === 'admin';
/** Series: admins manage all of them, an organiser those an admin granted them (the list shows
 * only those); creating, deleting and granting series stay the admins'. */
export const canWorkOnSeries = (role: Role | undefined) => role === 'admin' || role === 'organiser';
export const canCreateEvents = (role: Role | undefined) => role === 'admin' || role === 'organiser';

// A scorer works on their events and the result entry screens only; every other console page
// would only offer actions the server refuses. Ranked matching lets /admin/events/new (refused)
// win over /admin/events/:eventId.
const SCORER_ROUTES: RouteObject[] = [
  ...[
    '/admin/events',
    '/admin/events/:eventId',
    '/admin/events/:eventId/results/entry',
    '/admin/events/:eventId/workouts/:workoutId/submissions',
    '/admin/account',
  ].map((path) => ({ path, id: `allowed:${path}` })),
  { path: '/admin/events/new', id: 'refused' },
];

export function isScorerPage(pathname: string): boolean {
  const [match] = matchRoutes(SCORER_ROUTES, pathname) ?? [];
  return Boolean(match?.route.id?.startsWith('allowed:'));
}

/** Whether the console links role to pathname: never to a page that would answer "You don't have
 * access to this page". Unknown yet: no link. */
export const mayOpenPage = (role: Role | undefined, pathname: string): boolean =>
  role !== undefined && (role !== 'scorer' || isScorerPage(pathname));
