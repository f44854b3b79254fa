// The event writes; the reads other features share are in lib/queries/events.ts.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Event, EventInput, EventStatus } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const createEvent = (input: EventInput) => api.post<Event>('/events', input);
export const updateEvent = (id: string, input: EventInput & { status: EventStatus }) =>
  api.put<Event>(`/events/${id}`, { id, ...input });
export const deleteEvent = (id: string) => api.delete(`/events/${id}`);


export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}

export function useUpdateEvent(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput & { status: EventStatus }) => updateEvent(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEvent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.events.all }),
  });
}

/** The event's current fields, as the update call needs them. */
export function eventToInput(event: Event): EventInput {
  return {
    name: event.name,
    dateFrom: event.dateFrom,
    dateTo: event.dateTo,
    location: event.location,
    description: event.description,
    detailsVisible: event.detailsVisible,
    scoringTable: event.scoringTable || 'podium100',
    customPoints: event.customPoints ?? [],
  };
}
