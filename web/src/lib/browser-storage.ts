/**
 * The browser's localStorage, or null where the page may not use it: a board embedded in
 * another site's page (docs/venue.md, "Embedding") whose browser blocks third-party storage
 * throws on the mere read of `window.localStorage`. Such a page has no session: it reads none.
 */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
