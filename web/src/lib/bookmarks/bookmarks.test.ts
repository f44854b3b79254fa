// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import {
  BOOKMARKS_KEY,
  addBookmark,
  bookmarksByEvent,
  clearEventBookmarks,
  getBookmarks,
  isBookmarked,
  subscribeBookmarks,
  toggleBookmark,
  type BookmarkInput,
} from './bookmarks';

const team = (id: string, eventId = 'e1'): BookmarkInput => ({
  id,
  name: `Team ${id}`,
  divisionId: 'd1',
  divisionName: 'RX',
  eventId,
  eventName: `Event ${eventId}`,
});

describe('bookmarks', () => {
  it('starts empty and survives broken storage', () => {
    expect(getBookmarks()).toEqual([]);
    localStorage.setItem(BOOKMARKS_KEY, '{not json');
    expect(getBookmarks()).toEqual([]);
    localStorage.setItem(BOOKMARKS_KEY, JSON.stringify({ id: 'x' }));
    expect(getBookmarks()).toEqual([]);
  });

  it('toggles on with a timestamp under the product key, and off again', () => {
    const now = new Date('2026-05-12T10:00:00.000Z');
    expect(toggleBookmark(team('t1'), now)).toBe(true);
    expect(isBookmarked('t1')).toBe(true);
    const stored = JSON.parse(localStorage.getItem('podium.bookmarks') ?? '[]') as unknown[];
    expect(stored).toEqual([{ ...team('t1'), bookmarkedAt: '2026-05-12T10:00:00.000Z' }]);
    expect(toggleBookmark(team('t1'))).toBe(false);
    expect(isBookmarked('t1')).toBe(false);
    expect(getBookmarks()).toEqual([]);
  });

  it('never stores duplicates', () => {
    addBookmark(team('t1'));
    addBookmark(team('t1'));
    localStorage.setItem(BOOKMARKS_KEY, JSON.stringify([...getBookmarks(), ...getBookmarks()]));
    expect(getBookmarks()).toHaveLength(1);
    addBookmark(team('t2'));
    expect(getBookmarks().map((b) => b.id)).toEqual(['t1', 't2']);
  });

  it("lists by event and clears one event's bookmarks, keeping the other events'", () => {
    addBookmark(team('a', 'e1'));
    addBookmark(team('b', 'e2'));
    addBookmark(team('c', 'e1'));
    expect(bookmarksByEvent('e1').map((b) => b.id)).toEqual(['a', 'c']);
    expect(bookmarksByEvent('e3')).toEqual([]);
    clearEventBookmarks('e1');
    expect(getBookmarks().map((b) => b.id)).toEqual(['b']);
    clearEventBookmarks('e2');
    expect(getBookmarks()).toEqual([]);
    expect(localStorage.getItem(BOOKMARKS_KEY)).toBeNull();
  });

  it('notifies subscribers of changes here and in other tabs', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeBookmarks(listener);
    toggleBookmark(team('t1'));
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: BOOKMARKS_KEY }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'other' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    toggleBookmark(team('t1'));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
