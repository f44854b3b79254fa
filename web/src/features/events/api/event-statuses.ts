// The event statuses the console offers, with the label and badge colour of each. Their one
// home is competition-svc (docs/architecture.md, "Where each rule lives"); the console shows them
// as they come.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { EventStatusOption } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const getEventStatuses = () => api.get<EventStatusOption[]>('/events/statuses');

export const eventStatusesQuery = () =>
  queryOptions({ queryKey: queryKeys.eventStatuses.all, queryFn: getEventStatuses, staleTime: Infinity });

export const useEventStatuses = () => useQuery(eventStatusesQuery());
