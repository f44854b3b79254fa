import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { NoAccessState } from '@/components/no-access-state';
import { useMe } from '@/lib/auth/me';
import { isScorerPage } from '@/lib/auth/permissions';

/** Pages render once the caller's role is known, so no action flashes up and goes again; a
 * scorer who reaches a setup page (a bookmark, a typed address) is told it is not theirs. If
 * the role cannot be read the page still renders: the server refuses what the role may not do. */
export function ScorerPagesOnly({ children }: { children: ReactNode }) {
  const me = useMe();
  const { pathname } = useLocation();
  if (me.isPending) return <LoadingPlaceholder />;
  if (me.data?.role === 'scorer' && !isScorerPage(pathname)) return <NoAccessState />;
  return <>{children}</>;
}
