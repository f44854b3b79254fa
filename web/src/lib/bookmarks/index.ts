export * from './bookmarks';
export { useBookmarks } from './use-bookmarks';
