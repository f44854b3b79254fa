import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '@/lib/api/client';
import type { Event } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

/** A whole event as one document (format podium.event/v2; v1 still imports): GET /api/events/{id}/export. */
export const exportEvent = (id: string) => apiDownload(`/events/${id}/export`);

/** A new DRAFT event made from a document: POST /api/events/import. */
export const importEvent = (document: unknown) => api.post<Event>('/events/import', document);

export function useImportEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}
