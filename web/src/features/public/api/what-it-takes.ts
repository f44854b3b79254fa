// "What do I need?" on a team's page (docs/competition-day.md): the path from a result in a
// workout the team has no published result in to a place overall, scored on the server by the
// event's own rules. Under the event's public prefix, so the event's changes refresh it.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { queryKeys } from '@/lib/queryKeys';
import { PUBLIC_QUERY_DEFAULTS } from './public';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type WhatItTakes = Complete<definitions['v1PublicWhatItTakes']>;

export const whatItTakesQuery = (eventId: string, teamId: string, workoutId: string, rank: number) =>
  queryOptions({
    ...PUBLIC_QUERY_DEFAULTS,
    queryKey: queryKeys.public.whatItTakes(eventId, teamId, workoutId, rank),
    // Revalidated every time: the gateway answers an unchanged copy with a cheap 304.
    queryFn: ({ signal }) =>
      apiRequest<WhatItTakes>(`/public/events/${eventId}/teams/${teamId}/what-it-takes`, {
        query: { workoutId, rank: String(rank) },
        signal,
        cache: 'no-cache',
      }),
  });
