import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLiveRefresh } from './use-live-refresh';

let visibility: DocumentVisibilityState = 'visible';
let online = true;

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  online = true;
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('useLiveRefresh', () => {
  it('refreshes every interval while visible', () => {
    const refresh = vi.fn();
    renderHook(() => useLiveRefresh(refresh, 15_000));
    vi.advanceTimersByTime(14_999);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it('pauses while hidden and refreshes 300 ms after the tab is visible again', () => {
    const refresh = vi.fn();
    renderHook(() => useLiveRefresh(refresh, 15_000));
    setVisibility('hidden');
    vi.advanceTimersByTime(60_000);
    expect(refresh).not.toHaveBeenCalled();
    setVisibility('visible');
    vi.advanceTimersByTime(299);
    expect(refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(15_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('pauses while offline and refreshes when back online', () => {
    const refresh = vi.fn();
    renderHook(() => useLiveRefresh(refresh, 30_000));
    online = false;
    window.dispatchEvent(new Event('offline'));
    vi.advanceTimersByTime(90_000);
    expect(refresh).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('does nothing when disabled and stops on unmount', () => {
    const refresh = vi.fn();
    const { rerender, unmount } = renderHook(({ on }) => useLiveRefresh(refresh, 1000, on), { initialProps: { on: false } });
    vi.advanceTimersByTime(5000);
    expect(refresh).not.toHaveBeenCalled();
    rerender({ on: true });
    vi.advanceTimersByTime(1000);
    expect(refresh).toHaveBeenCalledTimes(1);
    unmount();
    vi.advanceTimersByTime(5000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});
