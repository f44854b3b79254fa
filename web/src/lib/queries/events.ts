// The event reads several features and pages make (the event list, one event with its divisions
// and workouts). Writes stay in features/events/api/events.ts and invalidate these by the prefix
// queryKeys.events.all.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Event } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const getEvents = () => api.get<Event[]>('/events');
export const getEvent = (id: string) => api.get<Event>(`/events/${id}`);

export const eventsQuery = () => queryOptions({ queryKey: queryKeys.events.list(), queryFn: getEvents });
export const eventQuery = (id: string) => queryOptions({ queryKey: queryKeys.events.detail(id), queryFn: () => getEvent(id) });

export const useEvents = () => useQuery(eventsQuery());
export const useEvent = (id: string, enabled = true) => useQuery({ ...eventQuery(id), enabled });
