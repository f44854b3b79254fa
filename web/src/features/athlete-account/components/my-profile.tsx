import { useSyncExternalStore, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { ErrorPanel } from '@/components/error-panel';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { loadAthleteSession, subscribeAthleteSession } from '@/lib/athlete-session';
import { useProfile, useSignOut } from '../api/athlete';
import { AccountCard } from './account-card';
import { AccountData } from './account-data';
import { LinkReadings } from './link-readings';
import { ProfileForm } from './profile-form';

const subscribe = (onChange: () => void) => subscribeAthleteSession(onChange);
const signedInEmail = () => loadAthleteSession()?.email ?? null;

/** The signed-in athlete's page: where to go next (links, composed by the app), their profile to
 * edit, and sign-out. Signed out: sign-in. */
export function MyProfile({ links }: { links?: ReactNode }) {
  const email = useSyncExternalStore(subscribe, signedInEmail);
  const profile = useProfile();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const location = useLocation();
  const deleted = (location.state as { accountDeleted?: boolean } | null)?.accountDeleted === true;

  if (!email && deleted) {
    return (
      <AccountCard title="Account deleted">
        <p role="status" className="text-sm text-slate-700">
          Your athlete account is deleted and you are signed out. Your teams keep their results under “Former athlete”.
        </p>
        <Link to="/public/events" className="mt-3 inline-block text-sm font-medium text-blue-700 hover:underline">
          Back to the events
        </Link>
      </AccountCard>
    );
  }
  if (!email) {
    return (
      <AccountCard title="My profile" intro="Sign in to see and edit your athlete profile.">
        <Link to="/public/athlete/sign-in" className="inline-block rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700">
          Sign in
        </Link>
      </AccountCard>
    );
  }
  const onSignOut = () => signOut.mutate(undefined, { onSettled: () => void navigate('/public/athlete/sign-in', { replace: true }) });
  return (
    <AccountCard title="My profile" intro={<>Signed in as <strong>{email}</strong>. Organisers and the public pages show your name and club.</>}>
      {links}
      {profile.isPending ? (
        <LoadingPlaceholder />
      ) : profile.isError ? (
        <ErrorPanel title="Your profile could not be loaded" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <ProfileForm key={profile.data.id} profile={profile.data} />
          <LinkReadings readings={profile.data.linkReadings} />
        </>
      )}
      <AccountData />
      <div className="mt-6 border-t border-slate-100 pt-4">
        <Button variant="secondary" size="sm" loading={signOut.isPending} onClick={onSignOut}>
          Sign out
        </Button>
      </div>
    </AccountCard>
  );
}
