// The signed-in session, kept in localStorage under exactly three keys.

import { browserStorage } from './browser-storage';

export const SESSION_KEYS = {
  token: 'podium.token',
  username: 'podium.username',
  expiresAt: 'podium.expiresAt',
} as const;

export type Session = {
  token: string;
  username: string;
  expiresAt: string;
};

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

function notify(session: Session | null): void {
  listeners.forEach((listener) => listener(session));
}

export function clearSession(): void {
  const storage = browserStorage();
  Object.values(SESSION_KEYS).forEach((key) => storage?.removeItem(key));
  notify(null);
}

// Whether the last session ended by the server's 401 rather than a sign-out: the sign-in page
// says why it opened, whichever redirect got there first (the 401 handler's or the login guard's).
let endedByServer = false;

/** A 401 ended the session: cleared, and remembered until the next sign-in. */
export function endSessionByServer(): void {
  endedByServer = true;
  clearSession();
}

export const sessionEndedByServer = (): boolean => endedByServer;

/** The stored session if its expiry lies in the future; an expired or partial one is cleared. */
export function loadSession(now: Date = new Date()): Session | null {
  const storage = browserStorage();
  if (!storage) return null;
  const token = storage.getItem(SESSION_KEYS.token);
  const username = storage.getItem(SESSION_KEYS.username);
  const expiresAt = storage.getItem(SESSION_KEYS.expiresAt);
  if (!token && !username && !expiresAt) return null;
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (!token || !username || !expiresAt || !(expiry > now.getTime())) {
    clearSession();
    return null;
  }
  return { token, username, expiresAt };
}

export function saveSession(session: Session): void {
  endedByServer = false;
  localStorage.setItem(SESSION_KEYS.token, session.token);
  localStorage.setItem(SESSION_KEYS.username, session.username);
  localStorage.setItem(SESSION_KEYS.expiresAt, session.expiresAt);
  notify(session);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
