import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { DraftEventBanner } from '@/components/draft-event-banner';
import { LanguageSwitch } from '@/components/language-switch';
import { canManageUsers, canWorkOnSeries } from '@/lib/auth/permissions';
import { useRole } from '@/lib/auth/use-permissions';
import { useAuth } from '@/lib/auth/auth-context';
import { roleWord } from '@/lib/i18n/words';


const navClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'text-white' : 'text-slate-300 hover:text-white');

/** The event an /admin/events/{id}/… page is about, or ''. */
export function eventOfPath(pathname: string): string {
  return /^\/admin\/events\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/|$)/i.exec(pathname)?.[1] ?? '';
}

export function AdminFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('console');
  const { session, signOut } = useAuth();
  const role = useRole();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  // On a phone the links and the account fold behind Menu, so the header is one short row.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname); // a link followed: fold the menu again
    setMenuOpen(false);
  }
  const folded = menuOpen ? 'flex' : 'hidden sm:flex';

  const onSignOut = async () => {
    setSigningOut(true);
    await signOut();
    void navigate('/login', { replace: true });
  };

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <header className="bg-slate-900 text-white shadow">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2 sm:py-3">
          <Link to="/admin/events" className="text-lg font-bold tracking-tight">
            Podium
          </Link>
          <button
            type="button"
            className="ml-auto rounded px-2 py-1 text-sm text-slate-200 ring-1 ring-slate-600 sm:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? t('frame.close') : t('frame.menu')}
          </button>
          <nav id="admin-menu" aria-label={t('frame.nav')} className={`${folded} w-full flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:w-auto sm:flex-1`}>
            <NavLink to="/admin/events" className={navClass}>
              {t('frame.events')}
            </NavLink>
            {canManageUsers(role) && (
              <NavLink to="/admin/users" className={navClass}>
                {t('frame.users')}
              </NavLink>
            )}
            {canWorkOnSeries(role) && (
              <NavLink to="/admin/series" className={navClass}>
                {t('frame.series')}
              </NavLink>
            )}
            {canManageUsers(role) && (
              <NavLink to="/admin/outbox" className={navClass}>
                {t('frame.outbox')}
              </NavLink>
            )}
            <NavLink to="/judge" className={navClass}>
              {t('frame.judge')}
            </NavLink>
            <Link to="/public/events" className="text-slate-300 hover:text-white">
              {t('frame.viewPublicSite')}
            </Link>
          </nav>
          <div className={`${folded} items-center gap-3`}>
            {session && (
              <NavLink to="/admin/account" className={navClass} title={t('frame.changePassword')}>
                <span className="text-sm">{session.username}</span>
                {role && <span className="ml-1.5 rounded bg-slate-700 px-1.5 py-0.5 text-xs">{roleWord(role)}</span>}
              </NavLink>
            )}
            <Button variant="secondary" size="sm" loading={signingOut} onClick={() => void onSignOut()}>
              {t('frame.signOut')}
            </Button>
            <LanguageSwitch tone="dark" />
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-4 sm:py-6">
        <DraftEventBanner eventId={eventOfPath(pathname)} />
        {children}
      </main>
      <footer className="border-t border-slate-200 bg-white py-4 text-center text-xs text-slate-500">{t('frame.footer')}</footer>
    </div>
  );
}
