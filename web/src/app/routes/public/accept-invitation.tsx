import { useLocation, useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { AcceptInvitation } from '@/features/registration/components/accept-invitation';
import { athleteSignInHref, useIsAthlete } from '@/lib/auth/use-athlete';

export default function AcceptInvitationRoute() {
  const [params] = useSearchParams();
  const location = useLocation();
  const athlete = useIsAthlete();
  return (
    <div className="mx-auto max-w-2xl">
      <Breadcrumbs items={[{ label: 'Events', to: '/public/events' }, { label: 'Join a team' }]} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Join a team</h1>
      <AcceptInvitation
        initialCode={params.get('code') ?? ''}
        athlete={athlete}
        signInHref={athleteSignInHref(location.pathname + location.search)}
      />
    </div>
  );
}
