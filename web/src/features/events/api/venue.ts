// The venue's settings in the console (docs/venue.md): the TV's rotation and the origins that
// may frame the event's embedded boards. The organiser's.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EventVenue, EventVenueInput } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const getEventVenue = (eventId: string) => api.get<EventVenue>(`/events/${eventId}/venue`);
export const saveEventVenue = (eventId: string, input: EventVenueInput) => api.put<EventVenue>(`/events/${eventId}/venue`, input);

export const venueQuery = (eventId: string) => queryOptions({ queryKey: queryKeys.events.venue(eventId), queryFn: () => getEventVenue(eventId) });

export const useEventVenue = (eventId: string) => useQuery(venueQuery(eventId));

export function useSaveEventVenue(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EventVenueInput) => saveEventVenue(eventId, input),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.events.venue(eventId), saved),
  });
}
