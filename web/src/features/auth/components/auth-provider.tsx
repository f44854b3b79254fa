import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { clearSession, loadSession, saveSession, subscribeSession, type Session } from '@/lib/session';
import { AuthContext, type AuthState } from './auth-context';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [isLoading, setIsLoading] = useState(true);
  const [session, setSession] = useState<Session | null>(null);

  useEffect(() => {
    setSession(loadSession());
    setIsLoading(false);
    return subscribeSession(setSession);
  }, []);

  const signIn = useCallback((next: Session) => saveSession(next), []);
  const signOut = useCallback(() => {
    clearSession();
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthState>(() => ({ isLoading, session, signIn, signOut }), [isLoading, session, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
