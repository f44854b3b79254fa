import { Outlet } from 'react-router';
import { ErrorBoundary } from '@/components/error-boundary';
import { AdminFrame } from '@/features/admin-shell/components/admin-frame';
import { RequireAuth } from '@/features/auth/components/require-auth';

export default function AdminLayoutRoute() {
  return (
    <RequireAuth>
      <AdminFrame>
        <ErrorBoundary>
          <Outlet />
        </ErrorBoundary>
      </AdminFrame>
    </RequireAuth>
  );
}
