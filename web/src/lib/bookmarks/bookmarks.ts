// Team bookmarks, kept only in this browser.
export const BOOKMARKS_KEY = 'podium.bookmarks';

export type Bookmark = {
  id: string;
  name: string;
  divisionId: string;
  divisionName: string;
  eventId: string;
  eventName: string;
  /** ISO timestamp. */
  bookmarkedAt: string;
};

export type BookmarkInput = Omit<Bookmark, 'bookmarkedAt'>;

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: { raw: string | null; list: Bookmark[] } = { raw: null, list: [] };

function isBookmark(value: unknown): value is Bookmark {
  if (!value || typeof value !== 'object') return false;
  const b = value as Record<string, unknown>;
  return typeof b.id === 'string' && b.id !== '' && typeof b.name === 'string';
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(BOOKMARKS_KEY);
  } catch {
    return null;
  }
}

/** All bookmarks, oldest first; a broken or foreign value reads as none. The same array while unchanged. */
export function getBookmarks(): Bookmark[] {
  const raw = readRaw();
  if (raw === cache.raw) return cache.list;
  let list: Bookmark[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) {
      const seen = new Set<string>();
      list = parsed.filter(isBookmark).filter((b) => !seen.has(b.id) && (seen.add(b.id), true));
    }
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

function save(list: Bookmark[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(BOOKMARKS_KEY);
    else localStorage.setItem(BOOKMARKS_KEY, JSON.stringify(list));
  } catch {
    // storage full or disabled: bookmarks stay as they were
  }
  listeners.forEach((l) => l());
}

export const isBookmarked = (teamId: string): boolean => getBookmarks().some((b) => b.id === teamId);

export function addBookmark(team: BookmarkInput, now: Date = new Date()): void {
  const list = getBookmarks();
  if (list.some((b) => b.id === team.id)) return;
  save([...list, { ...team, bookmarkedAt: now.toISOString() }]);
}

export function removeBookmark(teamId: string): void {
  const list = getBookmarks();
  if (!list.some((b) => b.id === teamId)) return;
  save(list.filter((b) => b.id !== teamId));
}

/** Adds the team (stamped now) or removes it; returns whether it is bookmarked afterwards. */
export function toggleBookmark(team: BookmarkInput, now: Date = new Date()): boolean {
  if (isBookmarked(team.id)) {
    removeBookmark(team.id);
    return false;
  }
  addBookmark(team, now);
  return true;
}

/** Clears the bookmarks of one event; the other events' bookmarks stay. */
export function clearEventBookmarks(eventId: string): void {
  const list = getBookmarks();
  if (!list.some((b) => b.eventId === eventId)) return;
  save(list.filter((b) => b.eventId !== eventId));
}

export const bookmarksByEvent = (eventId: string): Bookmark[] => getBookmarks().filter((b) => b.eventId === eventId);

/** Changes made here and in other tabs (the storage event). */
export function subscribeBookmarks(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === BOOKMARKS_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
