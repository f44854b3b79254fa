// The season's public calls (docs/series.md): the federation's home, a series' standings and
// search across events. Anonymous GETs through the one API client, like the other public views.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api/client';
import { queryKeys } from '@/lib/queryKeys';
import { PUBLIC_QUERY_DEFAULTS } from './public';
import type { PublicAthlete, PublicHome, PublicSearchResults, PublicSeries } from './types';

/** How often the season's views refresh while no live stream pushes their changes. */
export const SEASON_REFRESH_MS = 30_000;

async function seasonGet<T>(path: string, what: string, query?: Record<string, string>, signal?: AbortSignal): Promise<T> {
  try {
    return await apiRequest<T>(path, { query, signal, cache: 'no-cache' });
  } catch (error) {
    if (!(error instanceof ApiError)) throw new ApiError(0, `Failed to fetch ${what}: 0`);
    // A refused search says why in the server's words (the field q).
    if (error.status === 400) throw error;
    throw new ApiError(error.status, error.status === 404 ? `${what.charAt(0).toUpperCase()}${what.slice(1)} not found` : `Failed to fetch ${what}: ${error.status}`);
  }
}

export const getHome = (signal?: AbortSignal) => seasonGet<PublicHome>('/public/home', 'home page', undefined, signal);

export const getSeries = (id: string, signal?: AbortSignal) => seasonGet<PublicSeries>(`/public/series/${encodeURIComponent(id)}`, 'series', undefined, signal);

export const searchPublic = (q: string, signal?: AbortSignal) => seasonGet<PublicSearchResults>('/public/search', 'search results', { q }, signal);

export const getAthlete = (id: string, signal?: AbortSignal) => seasonGet<PublicAthlete>(`/public/athletes/${encodeURIComponent(id)}`, 'athlete', undefined, signal);

export const seriesCsvUrl = (seriesId: string, divisionId: string) =>
  `/api/public/series/${encodeURIComponent(seriesId)}/divisions/${encodeURIComponent(divisionId)}/standings.csv`;

export const seasonQueries = {
  home: () => queryOptions({ ...PUBLIC_QUERY_DEFAULTS, queryKey: queryKeys.public.home(), queryFn: ({ signal }) => getHome(signal) }),
  series: (id: string) =>
    queryOptions({ ...PUBLIC_QUERY_DEFAULTS, queryKey: queryKeys.public.series(id), queryFn: ({ signal }) => getSeries(id, signal) }),
  athlete: (id: string) =>
    queryOptions({ ...PUBLIC_QUERY_DEFAULTS, queryKey: queryKeys.public.athlete(id), queryFn: ({ signal }) => getAthlete(id, signal) }),
  search: (q: string) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      retry: false,
      queryKey: queryKeys.public.search(q),
      queryFn: ({ signal }) => searchPublic(q, signal),
      enabled: q.trim() !== '',
    }),
};
