// The signed-in athlete of the public site, kept apart from the console's session (its own
// localStorage keys): an athlete's token opens no console page, and signing in as an athlete
// never signs a staff user out (docs/access.md, "Athletes").
import { browserStorage } from './browser-storage';

export const ATHLETE_SESSION_KEYS = {
  token: 'podium.athlete.token',
  email: 'podium.athlete.email',
  expiresAt: 'podium.athlete.expiresAt',
} as const;

export type AthleteSession = { token: string; email: string; expiresAt: string };

type Listener = (session: AthleteSession | null) => void;
const listeners = new Set<Listener>();

export function clearAthleteSession(): void {
  const storage = browserStorage();
  Object.values(ATHLETE_SESSION_KEYS).forEach((key) => storage?.removeItem(key));
  listeners.forEach((listener) => listener(null));
}

/** The stored athlete session if it has not expired; an expired or partial one is cleared. */
export function loadAthleteSession(now: Date = new Date()): AthleteSession | null {
  const storage = browserStorage();
  if (!storage) return null;
  const token = storage.getItem(ATHLETE_SESSION_KEYS.token);
  const email = storage.getItem(ATHLETE_SESSION_KEYS.email);
  const expiresAt = storage.getItem(ATHLETE_SESSION_KEYS.expiresAt);
  if (!token && !email && !expiresAt) return null;
  const expiry = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  if (!token || !email || !expiresAt || !(expiry > now.getTime())) {
    clearAthleteSession();
    return null;
  }
  return { token, email, expiresAt };
}

export function saveAthleteSession(session: AthleteSession): void {
  localStorage.setItem(ATHLETE_SESSION_KEYS.token, session.token);
  localStorage.setItem(ATHLETE_SESSION_KEYS.email, session.email);
  localStorage.setItem(ATHLETE_SESSION_KEYS.expiresAt, session.expiresAt);
  listeners.forEach((listener) => listener(session));
}

export function subscribeAthleteSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
