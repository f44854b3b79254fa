// The signed-in session, kept in localStorage under exactly three keys.
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
  Object.values(SESSION_KEYS).forEach((key) => localStorage.removeItem(key));
  notify(null);
}

/** The stored session if its expiry lies in the future; an expired or partial one is cleared. */
export function loadSession(now: Date = new Date()): Session | null {
  const token = localStorage.getItem(SESSION_KEYS.token);
  const username = localStorage.getItem(SESSION_KEYS.username);
  const expiresAt = localStorage.getItem(SESSION_KEYS.expiresAt);
  if (!token && !username && !expiresAt) return null;
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (!token || !username || !expiresAt || !(expiry > now.getTime())) {
    clearSession();
    return null;
  }
  return { token, username, expiresAt };
}

export function saveSession(session: Session): void {
  localStorage.setItem(SESSION_KEYS.token, session.token);
  localStorage.setItem(SESSION_KEYS.username, session.username);
  localStorage.setItem(SESSION_KEYS.expiresAt, session.expiresAt);
  notify(session);
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
