import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STREAM_REOPEN_MS, subscribe, touches } from './stream';

/** A stand-in for the browser's EventSource (jsdom has none): records what the page opened. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private handlers: ((e: MessageEvent<string>) => void)[] = [];
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(_name: string, h: (e: MessageEvent<string>) => void) {
    this.handlers.push(h);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  serverOpens() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  serverSends(data: object) {
    for (const h of this.handlers) h(new MessageEvent('changed', { data: JSON.stringify(data) }));
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

describe('touches', () => {
  const change = { eventId: 'e', divisionIds: ['d1'], workoutIds: ['w1'] };
  it('matches views of the named division and workout, and whole-event views', () => {
    expect(touches(change, { divisionId: 'd1' })).toBe(true);
    expect(touches(change, { divisionId: 'd1', workoutId: 'w1' })).toBe(true);
    expect(touches(change, {})).toBe(true);
  });
  it('skips views of other divisions or workouts', () => {
    expect(touches(change, { divisionId: 'd2' })).toBe(false);
    expect(touches(change, { divisionId: 'd1', workoutId: 'w2' })).toBe(false);
  });
  it('treats a change without ids as touching every view', () => {
    expect(touches({ eventId: 'e' }, { divisionId: 'd9', workoutId: 'w9' })).toBe(true);
  });
});

describe('subscribe', () => {
  it('shares one stream per event and tells every view of its changes and state', () => {
    const a = { onChange: vi.fn(), onStatus: vi.fn() };
    const b = { onChange: vi.fn(), onStatus: vi.fn() };
    const offA = subscribe('e1', a);
    const offB = subscribe('e1', b);
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/public/events/e1/stream']);
    const source = FakeEventSource.opened[0]!;
    source.serverOpens();
    expect(a.onStatus).toHaveBeenLastCalledWith(true);
    source.serverSends({ eventId: 'e1', divisionIds: ['d'] });
    expect(b.onChange).toHaveBeenCalledWith({ eventId: 'e1', divisionIds: ['d'] });
    offA();
    expect(source.readyState).toBe(FakeEventSource.OPEN);
    offB();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('closes the stream in a hidden tab and opens a new one on return', () => {
    const view = { onChange: vi.fn(), onStatus: vi.fn() };
    const off = subscribe('e2', view);
    FakeEventSource.opened[0]!.serverOpens();
    setVisibility('hidden');
    expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED);
    expect(view.onStatus).toHaveBeenLastCalledWith(false);
    setVisibility('visible');
    expect(FakeEventSource.opened).toHaveLength(2);
    off();
  });

  it('falls back while the stream is down and opens it again after the browser gave up', () => {
    const view = { onChange: vi.fn(), onStatus: vi.fn() };
    const off = subscribe('e3', view);
    const first = FakeEventSource.opened[0]!;
    first.serverOpens();
    first.fails(FakeEventSource.CONNECTING); // the browser retries by itself
    expect(view.onStatus).toHaveBeenLastCalledWith(false);
    expect(FakeEventSource.opened).toHaveLength(1);
    first.fails(FakeEventSource.CLOSED); // e.g. 503 at the gateway's cap
    vi.advanceTimersByTime(STREAM_REOPEN_MS - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    FakeEventSource.opened[1]!.serverOpens();
    expect(view.onStatus).toHaveBeenLastCalledWith(true);
    off();
  });
});
