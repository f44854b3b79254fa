// The venue's public reads (docs/venue.md): an event's TV settings and the event a heat belongs
// to. Visible events only; the server answers 404 for any other.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { EventVenue, PublicHeatRef } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';
import { PUBLIC_QUERY_DEFAULTS } from './public';

export const getPublicVenue = (eventId: string, signal?: AbortSignal) =>
  apiRequest<EventVenue>(`/venue/events/${encodeURIComponent(eventId)}`, { signal });

export const getPublicHeatRef = (heatId: string, signal?: AbortSignal) =>
  apiRequest<PublicHeatRef>(`/venue/heats/${encodeURIComponent(heatId)}`, { signal });

export const venueQueries = {
  venue: (eventId: string) =>
    queryOptions({ ...PUBLIC_QUERY_DEFAULTS, queryKey: queryKeys.public.venue(eventId), queryFn: ({ signal }) => getPublicVenue(eventId, signal) }),
  heatRef: (heatId: string) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      // A heat never moves to another event: read once.
      staleTime: Infinity,
      queryKey: queryKeys.public.heatRef(heatId),
      queryFn: ({ signal }) => getPublicHeatRef(heatId, signal),
    }),
};
