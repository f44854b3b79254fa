import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/spinner';
import { useAuth } from '@/lib/auth/auth-context';

/** The login guard: a spinner while the session loads, /login (remembering the page) without one. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, session } = useAuth();
  const location = useLocation();
  if (isLoading) return <FullPageSpinner />;
  if (!session) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return <>{children}</>;
}
