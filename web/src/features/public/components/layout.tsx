import { useSyncExternalStore } from 'react';
import { Link, Outlet } from 'react-router';
import { loadAthleteSession, subscribeAthleteSession } from '@/lib/athlete-session';
import { TrophyIcon } from './icons';

const athleteSignedIn = () => loadAthleteSession() !== null;

/** The athlete's way in: their profile when signed in, sign-in otherwise. */
function AthleteLink() {
  const signedIn = useSyncExternalStore(subscribeAthleteSession, athleteSignedIn);
  return (
    <Link to={signedIn ? '/public/athlete/profile' : '/public/athlete/sign-in'} className="text-sm font-medium text-slate-600 hover:text-blue-700">
      {signedIn ? 'My profile' : 'Athlete sign-in'}
    </Link>
  );
}

export function PublicHeader() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link to="/public" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <TrophyIcon className="h-6 w-6 text-amber-500" /> Podium
        </Link>
        <nav className="flex items-center gap-4">
          <Link to="/public/events" className="text-sm font-medium text-slate-600 hover:text-blue-700">
            Events
          </Link>
          <Link to="/public/search" className="text-sm font-medium text-slate-600 hover:text-blue-700">
            Search
          </Link>
          <AthleteLink />
        </nav>
      </div>
    </header>
  );
}

export function PublicFooter() {
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-slate-500 sm:flex-row sm:px-6">
        <p>© 2025 Podium. All rights reserved.</p>
        <Link to="/public/events" className="hover:text-blue-700 hover:underline">
          Events
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
