import { Outlet } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { ScorerPagesOnly } from '@/features/access/components/scorer-pages-only';
import { AdminFrame } from '@/app/admin-shell/admin-frame';
import { RequireAuth } from '@/features/auth/components/require-auth';

export default function AdminLayoutRoute() {
  return (
    <RequireAuth>
      <AdminFrame>
        <ErrorBoundary>
          <ScorerPagesOnly>
            <Outlet />
          </ScorerPagesOnly>
        </ErrorBoundary>
      </AdminFrame>
    </RequireAuth>
  );
}
