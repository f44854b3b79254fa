// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@/lib/queryKeys';
import { changeQuery, heardChange, noteHeldChange } from './change-numbers';
import { applyChange, catchUpTo, changedQueries, STREAM_REOPEN_MS, subscribe, type PublicChange } from './stream';

/** A stand-in for the browser's EventSource (jsdom has none): records what the page opened. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private handlers: { name: string; h: (e: MessageEvent<string>) => void }[] = [];
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(name: string, h: (e: MessageEvent<string>) => void) {
    this.handlers.push({ name, h });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  serverOpens() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  serverSends(data: object) {
    for (const { name, h } of this.handlers) if (name === 'changed') h(new MessageEvent('changed', { data: JSON.stringify(data) }));
  }
  fails(readyState: number) {
    this.readyState = readyState;
    this.onerror?.();
  }
}

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  visibility = 'visible';
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const E = 'e1';
const team = (id: string, eventId: string, divisionId: string) => ({
  id,
  event: { id: eventId },
  division: { id: divisionId },
});

/** A client holding one of each public view; returns the keys a change (or a stream's opening) marked stale. */
function staleAfter(change: PublicChange | ((client: QueryClient, held: (name: string) => number) => void)): string[] {
  const client = new QueryClient();
  const keys = queryKeys.public;
  const views: Record<string, readonly unknown[]> = {
    event: keys.event(E),
    schedule: keys.schedule(E),
    eventBoard: keys.eventLeaderboard(E),
    otherEventBoard: keys.eventLeaderboard('e2'),
    d1: keys.divisionLeaderboard(E, 'd1', false),
    d1Preview: keys.divisionLeaderboard(E, 'd1', true),
    d2: keys.divisionLeaderboard(E, 'd2', false),
    d1w1: keys.workoutLeaderboard(E, 'd1', 'w1', false),
    d1w2: keys.workoutLeaderboard(E, 'd1', 'w2', false),
    d2w1: keys.workoutLeaderboard(E, 'd2', 'w1', false),
    teamD1: keys.team('t1'),
    teamD2: keys.team('t2'),
    teamOtherEvent: keys.team('t3'),
    venue: keys.venue(E),
    otherVenue: keys.venue('e2'),
  };
  const data: Record<string, unknown> = {
    teamD1: team('t1', E, 'd1'),
    teamD2: team('t2', E, 'd2'),
    teamOtherEvent: team('t3', 'e2', 'd1'),
  };
  for (const [name, key] of Object.entries(views)) client.setQueryData(key, data[name] ?? {});
  if (typeof change === 'function') {
    change(client, (name) => {
      const held = client.getQueryData(views[name]!);
      return Number(held && (held as { held?: number }).held);
    });
  } else applyChange(client, change);
  return Object.entries(views)
    .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

describe('applyChange', () => {
  it('marks stale only the views of the named divisions and workouts, and the event-wide boards', () => {
    expect(staleAfter({ eventId: E, divisionIds: ['d1'], workoutIds: ['w1'] })).toEqual([
      'eventBoard',
      'd1',
      'd1Preview',
      'd1w1',
      'teamD1',
    ]);
  });
  it('marks every workout of a named division stale when no workout is named', () => {
    expect(staleAfter({ eventId: E, divisionIds: ['d2'] })).toEqual(['eventBoard', 'd2', 'd2w1', 'teamD2']);
  });
  it("marks every view of the event stale, and no other event's, when nothing is named", () => {
    expect(staleAfter({ eventId: E })).toEqual([
      'event',
      'schedule',
      'eventBoard',
      'd1',
      'd1Preview',
      'd2',
      'd1w1',
      'd1w2',
      'd2w1',
      'teamD1',
      'teamD2',
      'venue',
    ]);
  });
  it("marks only the event's venue settings stale on a venue change", () => {
    expect(staleAfter({ eventId: E, venue: true })).toEqual(['venue']);
  });
});

describe('catchUpTo', () => {
  it('fetches again, on a stream opening, only the views a change since their copy touched', () => {
    const stale = staleAfter((client) => {
      // Every copy holds change 5, the d1 board and its first team page change 9.
      for (const q of client.getQueryCache().getAll()) {
        const h = q.queryKey[3] === 'd1' || (q.state.data as { division?: { id: string } }).division?.id === 'd1' ? 9 : 5;
        noteHeldChange(q.state.data, new Response(null, { headers: { 'Podium-Change': String(h) } }));
      }
      // Since then: change 9 touched d1, change 7 every division, change 8 d2.
      catchUpTo(client, E, { seq: 9, all: 7, divisions: { d1: 9, d2: 8 } });
    });
    // The venue's settings name no division and any change may have been theirs: read again.
    expect(stale).toEqual(['event', 'schedule', 'eventBoard', 'd2', 'd2w1', 'teamD2', 'venue']);
  });
});

describe('change numbers', () => {
  it('name the latest change heard while the stream is open, and none once it closed', () => {
    const client = new QueryClient();
    const off = subscribe('e9', client, () => {});
    const source = FakeEventSource.opened[0]!;
    source.serverOpens();
    expect(changeQuery('e9')).toBeUndefined();
    heardChange('e9', 12);
    expect(changeQuery('e9')).toEqual({ change: '12' });
    source.fails(FakeEventSource.CONNECTING);
    expect(changeQuery('e9')).toBeUndefined();
    off();
  });
});

describe('subscribe', () => {
  it('shares one stream per event, tells every view its state, and applies each change once', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const a = vi.fn();
    const b = vi.fn();
    const offA = subscribe('e1', client, a);
    const offB = subscribe('e1', client, b);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/public/events/e1/stream']);
    const source = FakeEventSource.opened[0]!;
    source.serverOpens();
    expect(a).toHaveBeenLastCalledWith(true);
    expect(b).toHaveBeenLastCalledWith(true);
    source.serverSends({ eventId: 'e1', divisionIds: ['d'] });
    expect(invalidate).toHaveBeenCalledTimes(changedQueries({ eventId: 'e1', divisionIds: ['d'] }).length);
    offA();
    expect(source.readyState).toBe(FakeEventSource.OPEN);
    offB();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('closes the stream in a hidden tab and opens a new one on return', () => {
    const onStatus = vi.fn();
    const off = subscribe('e2', new QueryClient(), onStatus);
    FakeEventSource.opened[0]!.serverOpens();
    setVisibility('hidden');
    expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED);
    expect(onStatus).toHaveBeenLastCalledWith(false);
    setVisibility('visible');
    expect(FakeEventSource.opened).toHaveLength(2);
    off();
  });

  it('reports the stream down while the browser retries, opens it again after the browser gave up, and catches up', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const onStatus = vi.fn();
    const off = subscribe('e3', client, onStatus);
    const first = FakeEventSource.opened[0]!;
    first.serverOpens();
    first.fails(FakeEventSource.CONNECTING); // the browser retries by itself
    expect(onStatus).toHaveBeenLastCalledWith(false);
    expect(FakeEventSource.opened).toHaveLength(1);
    first.serverOpens(); // its reconnect: the server catches it up through Last-Event-ID
    expect(invalidate).not.toHaveBeenCalled();
    first.fails(FakeEventSource.CLOSED); // e.g. 503 at the gateway's cap
    vi.advanceTimersByTime(STREAM_REOPEN_MS - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]!.serverOpens();
    expect(onStatus).toHaveBeenLastCalledWith(true);
    expect(invalidate).toHaveBeenCalledTimes(changedQueries({ eventId: 'e3' }).length);
    off();
  });
});
