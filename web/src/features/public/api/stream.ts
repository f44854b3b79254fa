// Live updates (docs/operations.md, "Live updates"): one EventSource per event, shared by every
// view of the page that follows it and open only while the tab is visible. The server sends
// `changed` only when a public view of the event changed, naming the divisions and workouts
// when it knows them; each change invalidates, by query-key prefix, only the public queries it
// can alter, and TanStack Query refetches those on screen (an ETag revalidation).
import { useQueryClient, type QueryClient, type QueryFilters } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { queryKeys } from '@/lib/queryKeys';
import { forgetChanges, heardChange, holdsChange } from './change-numbers';
import type { TeamDetails } from './types';

/** A `changed` event's data. Missing ids mean the change may touch any division or workout. */
export type PublicChange = {
  eventId: string;
  divisionIds?: string[];
  workoutIds?: string[];
  /** The change touched only the event's venue settings (the TV's rows, seconds, divisions). */
  venue?: boolean;
};

/** After the browser gave up on a stream (503 at the cap, a proxy that cut it), open it again this late. */
export const STREAM_REOPEN_MS = 30_000;

/** The stream key of a series: its one stream hears every change of every event it holds (gateway/seriesstream.go). */
export const seriesStream = (seriesId: string) => `${SERIES_PREFIX}${seriesId}`;
const SERIES_PREFIX = 'series:';

/** The URL of an event's stream, or of a series' (its key from seriesStream). */
export const streamUrl = (key: string) =>
  key.startsWith(SERIES_PREFIX)
    ? `/api/public/series/${encodeURIComponent(key.slice(SERIES_PREFIX.length))}/stream`
    : `/api/public/events/${encodeURIComponent(key)}/stream`;

const named = (ids: string[] | undefined): ids is string[] => ids !== undefined && ids.length > 0;

/**
 * The public queries a change can alter. The event and teams leaderboards sum every division;
 * a division's (and its workouts') leaderboards and its teams' pages change only when the
 * change names it (or names nothing); the event's own page and its schedule (setup) only when
 * it names nothing. A venue change alters only the venue's settings.
 */
export function changedQueries(change: PublicChange): QueryFilters[] {
  const { eventId, divisionIds, workoutIds } = change;
  const keys = queryKeys.public;
  // The TV reads its settings again at once (docs/venue.md); no board or page changed.
  if (change.venue) return [{ queryKey: keys.venue(eventId) }];
  const teams: QueryFilters = {
    queryKey: keys.teams,
    predicate: ({ state }) => {
      const team = state.data as TeamDetails | undefined;
      return team?.event.id === eventId && (!named(divisionIds) || divisionIds.includes(team.division.id));
    },
  };
  // The season's views (series standings, the home) span events: any change may move them.
  const season: QueryFilters = { queryKey: keys.season };
  if (!named(divisionIds)) {
    // Every view of the event: its keys all read ['public', <view>, eventId, …] (lib/queryKeys).
    return [{ queryKey: keys.all, predicate: ({ queryKey }) => queryKey[2] === eventId }, teams, season];
  }
  const filters: QueryFilters[] = [{ queryKey: keys.eventLeaderboard(eventId) }, { queryKey: keys.whatItTakesOf(eventId) }, teams, season];
  for (const d of divisionIds) {
    filters.push({ queryKey: [...keys.divisionLeaderboards(eventId), d] });
    if (!named(workoutIds)) filters.push({ queryKey: [...keys.workoutLeaderboards(eventId), d] });
    else
      for (const w of workoutIds)
        filters.push({
          queryKey: [...keys.workoutLeaderboards(eventId), d, w],
        });
  }
  return filters;
}

/** Marks the queries a change alters stale; those on screen refetch at once. */
export function applyChange(client: QueryClient, change: PublicChange): void {
  // A refetch already under way was sent before this change (it names an older change number,
  // or none): it is replaced, or the change would be lost when its older answer lands.
  for (const filters of changedQueries(change)) void client.invalidateQueries(filters, { cancelRefetch: true });
}

/** A `current` event's data: the latest change, and which change last touched each division (older ones touched none). */
export type CurrentChanges = { seq: number; all: number; divisions?: Record<string, number> };

/**
 * The stream opened on change `current.seq`: the views of the event that a change since their
 * copy touched are fetched again, naming it (the first load may have come from a cache's older
 * copy). A board the changes left alone keeps the copy it has.
 */
export function catchUpTo(client: QueryClient, eventId: string, current: CurrentChanges): void {
  const touched = (divisionId: unknown) =>
    Math.max(current.all, typeof divisionId === 'string' ? (current.divisions?.[divisionId] ?? 0) : current.seq);
  const keys = queryKeys.public;
  void client.invalidateQueries({
    queryKey: keys.all,
    predicate: ({ queryKey, state }) => {
      if (queryKey[2] !== eventId) return false;
      // ['public', view, eventId, divisionId?, …]: the event's own page and schedule change only
      // with changes that name no division; the event leaderboard with any.
      const view = queryKey[1];
      const last =
        view === 'event' || view === 'schedule' ? current.all : view === 'event-leaderboard' ? current.seq : touched(queryKey[3]);
      return !holdsChange(state.data, last);
    },
  });
  void client.invalidateQueries({
    queryKey: keys.teams,
    predicate: ({ state }) => {
      const team = state.data as TeamDetails | undefined;
      return team?.event.id === eventId && !holdsChange(team, touched(team.division.id));
    },
  });
}

/** The change number of a stream message (its id), if it has one. */
const messageNumber = (e: Event): number | undefined => {
  const id = (e as MessageEvent<string>).lastEventId;
  return id === '' || id === undefined ? undefined : Number(id);
};

/** One event's stream, shared by the views that follow it. */
class EventStream {
  private source: EventSource | undefined;
  private open = false;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  readonly listeners = new Set<(open: boolean) => void>();

  constructor(private readonly eventId: string, private readonly client: QueryClient) {}

  get isOpen() {
    return this.open;
  }

  /**
   * Opens the stream unless it is open, waiting to reopen, or the tab is hidden. `catchUp`: a
   * new EventSource sends no Last-Event-ID, so when it replaces one the browser gave up on (the
   * pages polled meanwhile) its opening counts as a change of the whole event. Hidden tabs
   * refresh on return anyway (use-live-refresh), and the server catches up the browser's own
   * reconnects.
   */
  start(catchUp = false) {
    if (this.source || this.reopenTimer !== undefined || document.visibilityState !== 'visible') return;
    const source = new EventSource(streamUrl(this.eventId));
    this.source = source;
    source.onopen = () => {
      if (catchUp && !this.open) applyChange(this.client, { eventId: this.eventId });
      catchUp = false;
      this.setOpen(true);
    };
    source.addEventListener('current', (e) => {
      let current: CurrentChanges;
      try {
        current = JSON.parse((e as MessageEvent<string>).data) as CurrentChanges;
      } catch {
        return;
      }
      heardChange(this.eventId, current.seq);
      catchUpTo(this.client, this.eventId, current);
    });
    source.addEventListener('changed', (e) => {
      const n = messageNumber(e);
      if (n !== undefined) heardChange(this.eventId, n);
      let change: PublicChange = { eventId: this.eventId };
      try {
        const data = JSON.parse((e as MessageEvent<string>).data) as PublicChange;
        if (data.eventId === this.eventId) change = data;
      } catch {
        // unreadable: refetch the whole event's views
      }
      applyChange(this.client, change);
    });
    source.onerror = () => {
      this.setOpen(false);
      // CONNECTING: the browser retries by itself (the server's `retry`). CLOSED: it gave up.
      if (source.readyState !== EventSource.CLOSED) return;
      this.source = undefined;
      this.reopenTimer = setTimeout(() => {
        this.reopenTimer = undefined;
        this.start(true);
      }, STREAM_REOPEN_MS);
    };
  }

  /** Closes the stream (hidden tab, last view gone). */
  stop() {
    clearTimeout(this.reopenTimer);
    this.reopenTimer = undefined;
    this.source?.close();
    this.source = undefined;
    this.setOpen(false);
  }

  private setOpen(open: boolean) {
    // A closed stream hears no numbers: until it reopens, views are fetched without one.
    if (!open) forgetChanges(this.eventId);
    if (this.open === open) return;
    this.open = open;
    for (const l of this.listeners) l(open);
  }
}

const streams = new Map<string, EventStream>();

function onVisibility() {
  for (const s of streams.values()) {
    if (document.visibilityState === 'visible') s.start();
    else s.stop();
  }
}

/** Follows an event's changes into `client` until the returned function is called; `onStatus` hears whether the stream is open. */
export function subscribe(eventId: string, client: QueryClient, onStatus: (open: boolean) => void): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let stream = streams.get(eventId);
  if (!stream) {
    stream = new EventStream(eventId, client);
    streams.set(eventId, stream);
    if (streams.size === 1) document.addEventListener('visibilitychange', onVisibility);
  }
  stream.listeners.add(onStatus);
  if (stream.isOpen) onStatus(true);
  stream.start();
  const s = stream;
  return () => {
    s.listeners.delete(onStatus);
    if (s.listeners.size > 0) return;
    s.stop();
    streams.delete(eventId);
    if (streams.size === 0) document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** Follows the live stream of `eventId` (none when undefined); true while it is open. */
export function useEventStream(eventId: string | undefined): boolean {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!eventId) return;
    const unsubscribe = subscribe(eventId, client, setOpen);
    return () => {
      unsubscribe();
      setOpen(false);
    };
  }, [eventId, client]);
  return open;
}
