import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { loadAthleteSession, subscribeAthleteSession } from '@/lib/athlete-session';
import { TrophyIcon } from './icons';

const athleteSignedIn = () => loadAthleteSession() !== null;

/** The athlete's way in: their profile when signed in, sign-in otherwise. */
function AthleteLink() {
  const { t } = useTranslation();
  const signedIn = useSyncExternalStore(subscribeAthleteSession, athleteSignedIn);
  return (
    <Link to={signedIn ? '/public/athlete/profile' : '/public/athlete/sign-in'} className="text-sm font-medium text-slate-600 hover:text-blue-700">
      {signedIn ? t('header.myProfile') : t('header.athleteSignIn')}
    </Link>
  );
}

export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link to="/public" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <TrophyIcon className="h-6 w-6 text-amber-500" /> Podium
        </Link>
        <nav aria-label={t('header.nav')} className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1">
          <Link to="/public/events" className="text-sm font-medium text-slate-600 hover:text-blue-700">
            {t('header.events')}
          </Link>
          <Link to="/public/search" className="text-sm font-medium text-slate-600 hover:text-blue-700">
            {t('header.search')}
          </Link>
          <AthleteLink />
          <LanguageSwitch />
        </nav>
      </div>
    </header>
  );
}

export function PublicFooter() {
  const { t } = useTranslation();
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:px-6">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <Link to="/public/events" className="hover:text-blue-700 hover:underline">
          {t('header.events')}
        </Link>
      </div>
    </footer>
  );
}

export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <PublicHeader />
      {/* At least a screen tall: the footer starts below the fold, so content arriving after the
          spinner never pushes a visible footer down (a layout shift on every page load). */}
      <main className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-6 sm:px-6">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
