import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Event, EventInput, EventStatus } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const getEvents = () => api.get<Event[]>('/events');
export const getEvent = (id: string) => api.get<Event>(`/events/${id}`);
export const createEvent = (input: EventInput) => api.post<Event>('/events', input);
export const updateEvent = (id: string, input: EventInput & { status: EventStatus }) =>
  api.put<Event>(`/events/${id}`, { id, ...input });
export const deleteEvent = (id: string) => api.delete(`/events/${id}`);

export const eventsQuery = () => queryOptions({ queryKey: queryKeys.events.list(), queryFn: getEvents });
export const eventQuery = (id: string) => queryOptions({ queryKey: queryKeys.events.detail(id), queryFn: () => getEvent(id) });

export const useEvents = () => useQuery(eventsQuery());
export const useEvent = (id: string, enabled = true) => useQuery({ ...eventQuery(id), enabled });

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
