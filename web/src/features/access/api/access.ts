// Granting and revoking event access; the access list is read through lib/queries/event-access.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { AccessGrant, GrantRole } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const grantAccess = (eventId: string, userId: string, role: GrantRole) =>
  api.put<AccessGrant>(`/events/${eventId}/access/${encodeURIComponent(userId)}`, { role });
export const revokeAccess = (eventId: string, userId: string) => api.delete(`/events/${eventId}/access/${encodeURIComponent(userId)}`);

/** A grant changes who sees the event, so the event lists are read again too. */
function useInvalidateAccess(eventId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.access.byEvent(eventId), queryKeys.events.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}

export function useGrantAccess(eventId: string) {
  const invalidate = useInvalidateAccess(eventId);
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: GrantRole }) => grantAccess(eventId, userId, role),
    onSuccess: invalidate,
  });
}

export function useRevokeAccess(eventId: string) {
  const invalidate = useInvalidateAccess(eventId);
  return useMutation({ mutationFn: (userId: string) => revokeAccess(eventId, userId), onSuccess: invalidate });
}
