// Live updates (docs/operations.md, "Live updates"): one EventSource per event, shared by every
// view of the page that follows it, open only while the tab is visible. The server sends
// `changed` only when a public view of the event changed, naming the divisions and workouts
// when it knows them; views refetch (an ETag revalidation) only when a change touches them.

/** A `changed` event's data. Missing ids mean the change may touch any division or workout. */
export type PublicChange = { eventId: string; divisionIds?: string[]; workoutIds?: string[] };

/** The part of an event a view shows: nothing given means the whole event. */
export type ViewScope = { divisionId?: string; workoutId?: string };

/** Whether a change can alter a view of the given scope. */
export function touches(change: PublicChange, scope: ViewScope): boolean {
  const hits = (ids: string[] | undefined, id: string | undefined) => !id || !ids || ids.length === 0 || ids.includes(id);
  return hits(change.divisionIds, scope.divisionId) && hits(change.workoutIds, scope.workoutId);
}

export type StreamListener = {
  onChange: (change: PublicChange) => void;
  /** true while the stream is open; views poll while it is not. */
  onStatus: (open: boolean) => void;
};

/** After the browser gave up on a stream (503 at the cap, a proxy that cut it), try again this late. */
export const STREAM_REOPEN_MS = 30_000;

export const streamUrl = (eventId: string) => `/api/public/events/${encodeURIComponent(eventId)}/stream`;

class EventStream {
  private source: EventSource | undefined;
  private open = false;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  readonly listeners = new Set<StreamListener>();

  constructor(private readonly eventId: string) {}

  get isOpen() {
    return this.open;
  }

  /** Opens the stream unless it is open, waiting to reopen, or the tab is hidden. */
  start() {
    if (this.source || this.reopenTimer !== undefined || document.visibilityState !== 'visible') return;
    const source = new EventSource(streamUrl(this.eventId));
    this.source = source;
    source.onopen = () => this.setOpen(true);
    source.addEventListener('changed', (e) => {
      let change: PublicChange;
      try {
        change = JSON.parse((e as MessageEvent<string>).data) as PublicChange;
      } catch {
        change = { eventId: this.eventId };
      }
      for (const l of this.listeners) l.onChange(change);
    });
    source.onerror = () => {
      this.setOpen(false);
      // CONNECTING: the browser retries by itself (the server's `retry`). CLOSED: it gave up.
      if (source.readyState === EventSource.CLOSED) {
        this.source = undefined;
        this.reopenTimer = setTimeout(() => {
          this.reopenTimer = undefined;
          this.start();
        }, STREAM_REOPEN_MS);
      }
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
    if (this.open === open) return;
    this.open = open;
    for (const l of this.listeners) l.onStatus(open);
  }
}

const streams = new Map<string, EventStream>();

function onVisibility() {
  for (const s of streams.values()) {
    if (document.visibilityState === 'visible') s.start();
    else s.stop();
  }
}

/** Follows an event's changes until the returned function is called. */
export function subscribe(eventId: string, listener: StreamListener): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  let stream = streams.get(eventId);
  if (!stream) {
    stream = new EventStream(eventId);
    streams.set(eventId, stream);
    if (streams.size === 1) document.addEventListener('visibilitychange', onVisibility);
  }
  stream.listeners.add(listener);
  if (stream.isOpen) listener.onStatus(true);
  stream.start();
  const s = stream;
  return () => {
    s.listeners.delete(listener);
    if (s.listeners.size > 0) return;
    s.stop();
    streams.delete(eventId);
    if (streams.size === 0) document.removeEventListener('visibilitychange', onVisibility);
  };
}
