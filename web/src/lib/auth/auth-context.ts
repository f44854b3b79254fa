import { createContext, useContext } from 'react';
import type { Session } from '@/lib/session';

export type AuthState = {
  /** True until the stored session has been read. */
  isLoading: boolean;
  session: Session | null;
  signIn: (session: Session) => void;
  /** Ends the session on the server, then forgets it here. */
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside AuthProvider');
  return auth;
}
