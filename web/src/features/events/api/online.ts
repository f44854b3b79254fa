// The online qualifier card's save (competition-svc, docs/qualifiers.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Event } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';
import type { toOnlineSettings } from '../rules/online';

export function useSaveOnline(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReturnType<typeof toOnlineSettings>) => api.put<Event>(`/events/${eventId}/online`, settings),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workouts.all }),
      ]),
  });
}
