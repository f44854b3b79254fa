// An event's access list, read by the access card and by the permission hook (an organiser may
// read it only when they hold the event's organiser grant). Grants and revocations stay in
// features/access/api/access.ts and invalidate it by the prefix queryKeys.access.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AccessGrant } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const getEventAccess = (eventId: string) => api.get<AccessGrant[]>(`/events/${eventId}/access`);

export const eventAccessQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.access.byEvent(eventId), queryFn: () => getEventAccess(eventId) });

export const useEventAccess = (eventId: string, enabled = true) => useQuery({ ...eventAccessQuery(eventId), enabled });
