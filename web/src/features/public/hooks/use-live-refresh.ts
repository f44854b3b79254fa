import { useEffect, useRef, useState } from 'react';
import { REFRESH_MS } from '../api/public';

const isActive = () => document.visibilityState === 'visible' && navigator.onLine;

/**
 * Live refresh: `refresh` every `intervalMs` while the page is visible and the
 * browser online; 300 ms after the tab becomes visible again; at once when the browser comes
 * back online. Paused while hidden or offline. `intervalMs` null: no polling (a live stream
 * brings the changes), the visibility and online refreshes stay.
 */
export function useLiveRefresh(refresh: () => unknown, intervalMs: number | null, enabled = true): void {
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });

  useEffect(() => {
    if (!enabled) return;
    let interval: ReturnType<typeof setInterval> | undefined;
    let visibleTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      if (interval !== undefined) clearInterval(interval);
      interval = undefined;
    };
    const start = () => {
      stop();
      if (isActive() && intervalMs !== null) interval = setInterval(() => latest.current(), intervalMs);
    };
    const onVisibility = () => {
      clearTimeout(visibleTimer);
      if (document.visibilityState === 'visible') {
        visibleTimer = setTimeout(() => {
          if (isActive()) latest.current();
        }, REFRESH_MS.visibleDelay);
      }
      start();
    };
    const onOnline = () => {
      if (isActive()) latest.current();
      start();
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', stop);
    return () => {
      stop();
      clearTimeout(visibleTimer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', stop);
    };
  }, [intervalMs, enabled]);
}

/** The current time, ticking every `everyMs` (for 'Last updated' texts). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
