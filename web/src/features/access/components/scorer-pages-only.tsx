import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useRole } from '../hooks/use-permissions';
import { isScorerPage } from '../rules/permissions';

/** Sends a scorer who reaches a setup page (a bookmark, a typed address) back to their events. */
export function ScorerPagesOnly({ children }: { children: ReactNode }) {
  const role = useRole();
  const { pathname } = useLocation();
  if (role === 'scorer' && !isScorerPage(pathname)) return <Navigate to="/admin/events" replace />;
  return <>{children}</>;
}
