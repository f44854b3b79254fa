// The public calls: anonymous GETs through the one API client. When an admin
// token is stored the client sends it, which is what lets includeUnpublished work for admins.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api/client';
import type { Schedule } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';
import { changeQuery, noteHeldChange, noteTeamEvent, teamEvent } from './change-numbers';
import type {
  BoardPage,
  BoardSearchResult,
  DivisionLeaderboard,
  EventLeaderboard,
  PublicEvent,
  TeamDetails,
  WorkoutLeaderboard,
} from './types';

/** One retry, no refetch on window focus, fresh for 5 minutes. */
export const PUBLIC_QUERY_DEFAULTS = {
  retry: 1,
  refetchOnWindowFocus: false,
  staleTime: 5 * 60_000,
} as const;

export const REFRESH_MS = {
  eventLeaderboard: 30_000,
  divisionLeaderboard: 15_000,
  /** The team and teams pages refresh at the event leaderboard's pace. */
  team: 30_000,
  visibleDelay: 300,
} as const;

export type EventFilterStatus = 'published' | 'in_progress' | 'archived';

/**
 * 404 → '{what} not found'; any other failure → 'Failed to fetch {what}: {status}'. A view of
 * `eventId` names the event's latest change heard on its stream, or on a first load the one its
 * HTML's preload names (change-numbers.ts), so no cache on the way answers it with a copy from
 * before that change.
 */
async function publicGet<T>(
  path: string,
  messages: { notFound: string; failed: string },
  query?: Record<string, string | undefined>,
  signal?: AbortSignal,
  eventId?: string,
): Promise<T> {
  try {
    // The gateway sends max-age=5 + stale-while-revalidate=30: revalidate every time (a cheap 304
    // when unchanged) so a live refresh never shows a stale leaderboard.
    return await apiRequest<T>(path, {
      query: { ...query, ...changeQuery(eventId, path) },
      signal,
      cache: 'no-cache',
      onAnswer: noteHeldChange,
    });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : 0;
    throw new ApiError(status, status === 404 ? messages.notFound : `${messages.failed}: ${status}`);
  }
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/** The finding filters of the event list (docs/finding-events.md); absent ones are not sent,
 * so the whole list is asked for by the spec's one URL. */
export type EventFinding = { registrationOpen?: boolean; q?: string };

export const getPublicEvents = (statuses: readonly EventFilterStatus[], signal?: AbortSignal, find: EventFinding = {}) =>
  publicGet<PublicEvent[]>(
    '/public/events',
    { notFound: 'Failed to fetch public events: 404', failed: 'Failed to fetch public events' },
    {
      filterStatus: statuses.join(','),
      registrationOpen: find.registrationOpen ? 'true' : undefined,
      q: find.q?.trim() ? find.q.trim() : undefined,
    },
    signal,
  );

/** The address of an event's calendar file ("Add to calendar"). */
export const eventCalendarUrl = (eventId: string) => `/api/public/events/${encodeURIComponent(eventId)}/calendar.ics`;

/** The query of an admin preview (the server decides whether the caller gets it). */
const previewParams = (includeUnpublished: boolean) => (includeUnpublished ? { includeUnpublished: 'true' } : undefined);

export const getPublicEvent = (id: string, signal?: AbortSignal, includeUnpublished = false) =>
  publicGet<PublicEvent>(
    `/public/events/${id}`,
    { notFound: 'Event not found', failed: 'Failed to fetch event' },
    previewParams(includeUnpublished),
    signal,
    includeUnpublished ? undefined : id,
  );

export const getEventLeaderboard = (id: string, signal?: AbortSignal, includeUnpublished = false) =>
  publicGet<EventLeaderboard>(
    `/public/events/${id}/leaderboard`,
    { notFound: 'Event leaderboard not found', failed: 'Failed to fetch event leaderboard' },
    previewParams(includeUnpublished),
    signal,
    includeUnpublished ? undefined : id,
  );

export const getDivisionLeaderboard = (eventId: string, divisionId: string, includeUnpublished: boolean, signal?: AbortSignal) =>
  publicGet<DivisionLeaderboard>(
    `/public/events/${eventId}/divisions/${divisionId}/leaderboard`,
    { notFound: 'Division leaderboard not found', failed: 'Failed to fetch division leaderboard' },
    includeUnpublished ? { includeUnpublished: 'true' } : undefined,
    signal,
    includeUnpublished ? undefined : eventId,
  );

export const getWorkoutLeaderboard = (eventId: string, divisionId: string, workoutId: string, includeUnpublished: boolean, signal?: AbortSignal) =>
  publicGet<WorkoutLeaderboard>(
    `/public/events/${eventId}/divisions/${divisionId}/workouts/${workoutId}/leaderboard`,
    { notFound: 'Workout leaderboard not found', failed: 'Failed to fetch workout leaderboard' },
    includeUnpublished ? { includeUnpublished: 'true' } : undefined,
    signal,
    includeUnpublished ? undefined : eventId,
  );

const boardPath = (eventId: string, divisionId: string) => `/public/events/${eventId}/divisions/${divisionId}/board`;

/**
 * The board's filters (docs/boards.md): the captain's club (any case), country (two letters) and
 * age band on the event's first day (one of AGE_BANDS).
 */
export type BoardFilter = { club?: string; country?: string; ageBand?: string };

/** The age bands a board filters by, as the server names them (internal/platform/agebands). */
export const AGE_BANDS = ['14-15', '16-17', '18-34', '35-39', '40-44', '45-49', '50-54', '55-59', '60-64', '65+'] as const;

export const getBoardPage = (eventId: string, divisionId: string, page: number, signal?: AbortSignal, filter: BoardFilter = {}) =>
  publicGet<BoardPage>(
    boardPath(eventId, divisionId),
    { notFound: 'Leaderboard not found', failed: 'Failed to fetch leaderboard' },
    {
      page: String(page),
      ...(filter.club ? { club: filter.club } : {}),
      ...(filter.country ? { country: filter.country } : {}),
      ...(filter.ageBand ? { ageBand: filter.ageBand } : {}),
    },
    signal,
    eventId,
  );

export const searchBoard = (eventId: string, divisionId: string, q: string, signal?: AbortSignal) =>
  publicGet<BoardSearchResult>(
    `${boardPath(eventId, divisionId)}/search`,
    { notFound: 'Leaderboard not found', failed: 'Failed to search the leaderboard' },
    { q },
    signal,
    eventId,
  );

export const getTeamDetails = async (id: string, signal?: AbortSignal, includeUnpublished = false) => {
  const team = await publicGet<TeamDetails>(
    `/public/teams/${id}`,
    { notFound: 'Team not found', failed: 'Failed to fetch team details' },
    previewParams(includeUnpublished),
    signal,
    includeUnpublished ? undefined : teamEvent(id),
  );
  noteTeamEvent(id, team.event.id);
  return team;
};

export const getEventSchedule = (eventId: string, signal?: AbortSignal, includeUnpublished = false) =>
  publicGet<Schedule>(
    `/public/events/${eventId}/schedule`,
    { notFound: 'Schedule not found', failed: 'Failed to fetch schedule' },
    previewParams(includeUnpublished),
    signal,
    includeUnpublished ? undefined : eventId,
  );

export const publicQueries = {
  events: (statuses: readonly EventFilterStatus[], find: EventFinding = {}) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      queryKey: queryKeys.public.events(statuses, { registrationOpen: !!find.registrationOpen, q: find.q?.trim() ?? '' }),
      queryFn: ({ signal }) => (statuses.length === 0 ? Promise.resolve([]) : getPublicEvents(statuses, signal, find)),
    }),
  event: (id: string, includeUnpublished = false) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      queryKey: queryKeys.public.event(id, includeUnpublished),
      queryFn: ({ signal }) => getPublicEvent(id, signal, includeUnpublished),
    }),
  eventLeaderboard: (id: string, includeUnpublished = false) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      queryKey: queryKeys.public.eventLeaderboard(id, includeUnpublished),
      queryFn: ({ signal }) => getEventLeaderboard(id, signal, includeUnpublished),
    }),
  divisionLeaderboard: (eventId: string, divisionId: string, includeUnpublished: boolean) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      queryKey: queryKeys.public.divisionLeaderboard(eventId, divisionId, includeUnpublished),
      queryFn: ({ signal }) => getDivisionLeaderboard(eventId, divisionId, includeUnpublished, signal),
    }),
  boardPage: (eventId: string, divisionId: string, page: number, filter: BoardFilter = {}) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      queryKey: queryKeys.public.boardPage(eventId, divisionId, page, filter),
      queryFn: ({ signal }) => getBoardPage(eventId, divisionId, page, signal, filter),
    }),
  boardSearch: (eventId: string, divisionId: string, q: string) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      queryKey: queryKeys.public.boardSearch(eventId, divisionId, q),
      queryFn: ({ signal }) => searchBoard(eventId, divisionId, q, signal),
    }),
  workoutLeaderboard: (eventId: string, divisionId: string, workoutId: string, includeUnpublished = false) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      queryKey: queryKeys.public.workoutLeaderboard(eventId, divisionId, workoutId, includeUnpublished),
      queryFn: ({ signal }) => getWorkoutLeaderboard(eventId, divisionId, workoutId, includeUnpublished, signal),
    }),
  team: (id: string, includeUnpublished = false) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      queryKey: queryKeys.public.team(id, includeUnpublished),
      queryFn: ({ signal }) => getTeamDetails(id, signal, includeUnpublished),
    }),
  schedule: (eventId: string, includeUnpublished = false) =>
    queryOptions({
      ...PUBLIC_QUERY_DEFAULTS,
      queryKey: queryKeys.public.schedule(eventId, includeUnpublished),
      queryFn: ({ signal }) => getEventSchedule(eventId, signal, includeUnpublished),
    }),
};
