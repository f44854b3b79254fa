import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { logout } from '../api/session';
import { clearSession, loadSession, saveSession, subscribeSession, type Session } from '@/lib/session';
import { AuthContext, type AuthState } from '@/lib/auth/auth-context';

/** onSignOut: what the app forgets of the user at sign-out besides the session and the query
 * cache (composed in app/provider.tsx: the judge screen's kept reads). */
export function AuthProvider({ children, onSignOut }: { children: ReactNode; onSignOut?: (username: string) => void }) {
  const queryClient = useQueryClient();
  const [isLoading, setIsLoading] = useState(true);
  const [session, setSession] = useState<Session | null>(null);

  useEffect(() => {
    setSession(loadSession());
    setIsLoading(false);
    return subscribeSession(setSession);
  }, []);

  // A new session (sign-in, password change) may belong to another user or role: forget
  // everything read under the old one.
  const signIn = useCallback(
    (next: Session) => {
      queryClient.clear();
      saveSession(next);
    },
    [queryClient],
  );
  // The server ends the session first, so the token is dead even if someone copied it; the
  // local session goes whatever the answer (an already ended session answers 401).
  const signOut = useCallback(async () => {
    const username = session?.username;
    try {
      await logout();
    } catch {
      // nothing to keep: the local session is cleared below either way
    } finally {
      clearSession();
      queryClient.clear();
      if (username) onSignOut?.(username);
    }
  }, [queryClient, onSignOut, session]);

  const value = useMemo<AuthState>(() => ({ isLoading, session, signIn, signOut }), [isLoading, session, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
