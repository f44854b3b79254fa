import { useMemo, useSyncExternalStore } from 'react';
import { getBookmarks, subscribeBookmarks, type Bookmark } from './bookmarks';

/** The stored bookmarks, re-rendering on every change (also from other tabs). */
export function useBookmarks(): { bookmarks: Bookmark[]; ids: ReadonlySet<string> } {
  const bookmarks = useSyncExternalStore(subscribeBookmarks, getBookmarks, () => []);
  const ids = useMemo(() => new Set(bookmarks.map((b) => b.id)), [bookmarks]);
  return { bookmarks, ids };
}
