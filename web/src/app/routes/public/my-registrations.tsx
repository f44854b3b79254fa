import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { MyAppeals } from '@/features/appeals/components/my-appeals';
import { MyMessagesBanner } from '@/features/messages/components/my-messages';
import { MyInvitations } from '@/features/finals/components/my-invitations';
import { MyHeats } from '@/features/my-heats/components/my-heats';
import { FollowSchedule } from '@/features/public/components/follow-schedule';
import { PushControl } from '@/features/push/components/push-control';
import { TeamStanding } from '@/features/public/components/team-standing';
import { QualifierWorkouts } from '@/features/qualifiers/components/qualifier-workouts';
import { MyRegistrations } from '@/features/registration/components/my-registrations';
import { MyWaiverPanel } from '@/features/waivers/components/my-waiver';
import { athleteSignInHref, useIsAthlete } from '@/lib/auth/use-athlete';

export default function MyRegistrationsRoute() {
  const athlete = useIsAthlete();
  const location = useLocation();
  // Stripe's Checkout page sends the athlete back with ?paid=<registration id>.
  const [params] = useSearchParams();
  if (!athlete) return <Navigate to={athleteSignInHref(location.pathname + location.search)} replace />;
  return (
    <div className="mx-auto max-w-2xl">
      <Breadcrumbs items={[{ label: 'Events', to: '/public/events' }, { label: 'My registrations' }]} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">My registrations</h1>
      <MyInvitations />
      <MyHeats follow={(eventId, onChange) => <FollowSchedule eventId={eventId} onChange={onChange} />} />
      <PushControl />
      <MyRegistrations
        paidId={params.get('paid')}
        liveExtra={(r) => (
          <>
            <MyMessagesBanner eventId={r.eventId} />
            <MyWaiverPanel eventId={r.eventId} />
          </>
        )}
        confirmedExtra={(r) => (
          <>
            {r.teamId && <TeamStanding teamId={r.teamId} />}
            <QualifierWorkouts eventId={r.eventId} />
            <MyAppeals eventId={r.eventId} />
          </>
        )}
      />
    </div>
  );
}
