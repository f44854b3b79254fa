import { useAuth } from '@/lib/auth/auth-context';
import { useMe } from '@/lib/auth/me';
import type { Role } from '@/lib/api/types';
import { useEventAccess } from '@/lib/queries/event-access';
import { eventPermissions, type EventPermissions } from './permissions';

/** The signed-in user's global role; undefined while it loads. */
export function useRole(): Role | undefined {
  const { session } = useAuth();
  return useMe(Boolean(session)).data?.role;
}

/** What the console offers on one event. For an organiser the event's access list answers
 * whether they hold its organiser grant: only the event's organisers (and admins) may read it. */
export function useEventPermissions(eventId: string): EventPermissions {
  const role = useRole();
  const access = useEventAccess(eventId, role === 'organiser' && Boolean(eventId));
  const holdsOrganiserGrant = access.isSuccess ? true : access.isError ? false : undefined;
  return eventPermissions(role, holdsOrganiserGrant);
}
