import { Navigate } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { MyRegistrations } from '@/features/registration/components/my-registrations';
import { athleteSignInHref, useIsAthlete } from '@/lib/auth/use-athlete';

export default function MyRegistrationsRoute() {
  const athlete = useIsAthlete();
  if (!athlete) return <Navigate to={athleteSignInHref('/public/me/registrations')} replace />;
  return (
    <div className="mx-auto max-w-2xl">
      <Breadcrumbs items={[{ label: 'Events', to: '/public/events' }, { label: 'My registrations' }]} />
      <h1 className="mb-4 text-2xl font-bold text-slate-900">My registrations</h1>
      <MyRegistrations />
    </div>
  );
}
