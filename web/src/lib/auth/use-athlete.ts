// Whether an athlete is signed in on the public site (lib/athlete-session.ts); the server
// checks the role on every athlete call, this only decides what the pages offer.
import { useSyncExternalStore } from 'react';
import { loadAthleteSession, subscribeAthleteSession } from '@/lib/athlete-session';

const signedIn = () => loadAthleteSession() !== null;

export function useIsAthlete(): boolean {
  return useSyncExternalStore(subscribeAthleteSession, signedIn, () => false);
}

/** Where an athlete signs in, coming back to `next` afterwards (nowhere in particular without). */
export const athleteSignInHref = (next?: string) => withNext('/public/athlete/sign-in', next);

/** Where an athlete creates an account, coming back to `next` once confirmed and signed in. */
export const athleteSignUpHref = (next?: string) => withNext('/public/athlete/sign-up', next);

const withNext = (path: string, next?: string) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);
