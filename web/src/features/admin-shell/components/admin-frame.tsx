import type { ReactNode } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { useAuth } from '@/features/auth';

export const FOOTER_TEXT = 'Podium — Competition Management System';

export function AdminFrame({ children }: { children: ReactNode }) {
  const { session, signOut } = useAuth();
  const navigate = useNavigate();

  const onSignOut = () => {
    signOut();
    void navigate('/login', { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-slate-900 text-white shadow">
        <div className="mx-auto flex max-w-7xl items-center gap-6 px-4 py-3">
          <Link to="/admin/events" className="text-lg font-bold tracking-tight">
            Podium
          </Link>
          <nav className="flex flex-1 items-center gap-4 text-sm">
            <NavLink to="/admin/events" className={({ isActive }) => (isActive ? 'text-white' : 'text-slate-300 hover:text-white')}>
              Events
            </NavLink>
            <Link to="/public/events" className="text-slate-300 hover:text-white">
              View Public Site
            </Link>
          </nav>
          {session && <span className="hidden text-sm text-slate-300 sm:inline">{session.username}</span>}
          <Button variant="secondary" size="sm" onClick={onSignOut}>
            Sign out
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">{children}</main>
      <footer className="border-t border-slate-200 bg-white py-4 text-center text-xs text-slate-500">{FOOTER_TEXT}</footer>
    </div>
  );
}
