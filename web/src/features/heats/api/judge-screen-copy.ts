// The staff judge screen's copy of what it read (docs/judging.md): the event list, the event,
// the heats and the result grid, kept in localStorage per user, so a reload without a network
// still shows the screen and its lanes. The copy only fills an empty cache, marked as old: the
// server's answer replaces it as soon as there is a network. A sign-out deletes it; the scores
// still waiting stay (IndexedDB) and go at the user's next sign-in.
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

type Kept = { key: QueryKey; data: unknown; at: number };

// The newest few reads: one judge's screen needs four at a time.
const MAX = 24;
const storageKey = (username: string) => `podium.judgeScreen.${username}`;

function read(username: string): Kept[] {
  try {
    const raw = localStorage.getItem(storageKey(username));
    return raw ? (JSON.parse(raw) as Kept[]) : [];
  } catch {
    return [];
  }
}

/** Fills the empty cache with the user's kept reads; run before the screen's queries. */
export function restoreJudgeScreen(queryClient: QueryClient, username: string): void {
  for (const k of read(username)) {
    // updatedAt 1: stale at once, so the screen reads the server's copy when it can.
    if (queryClient.getQueryData(k.key) === undefined) queryClient.setQueryData(k.key, k.data, { updatedAt: 1 });
  }
}

/** Keeps a query's data as the server last answered it. */
export function useKeptRead(username: string, key: QueryKey, query: { data: unknown; dataUpdatedAt: number }): void {
  const hash = JSON.stringify(key);
  useEffect(() => {
    if (query.data === undefined || query.dataUpdatedAt <= 1) return; // nothing, or the kept copy itself
    const others = read(username).filter((k) => JSON.stringify(k.key) !== hash);
    const next = [{ key: JSON.parse(hash) as QueryKey, data: query.data, at: query.dataUpdatedAt }, ...others].sort((a, b) => b.at - a.at).slice(0, MAX);
    try {
      localStorage.setItem(storageKey(username), JSON.stringify(next));
    } catch {
      // storage full: the screen works online; only the offline reload loses its lanes
    }
  }, [username, hash, query.data, query.dataUpdatedAt]);
}

/** Deletes the user's kept reads: signing out leaves no copy of what the screen read. */
export function forgetJudgeScreen(username: string): void {
  try {
    localStorage.removeItem(storageKey(username));
  } catch {
    // no storage to clear
  }
}
