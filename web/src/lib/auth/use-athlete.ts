// Whether an athlete is signed in on the public site (the server says who holds the session).
import { loadSession } from '@/lib/session';
import { useMe } from './me';

export function useIsAthlete(): boolean {
  const signedIn = loadSession() !== null;
  const me = useMe(signedIn);
  return signedIn && (me.data?.role as string | undefined) === 'athlete';
}

/** Where an athlete signs in, coming back to `next` afterwards. */
export const athleteSignInHref = (next: string) => `/public/sign-in?next=${encodeURIComponent(next)}`;
