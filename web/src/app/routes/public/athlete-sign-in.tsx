import { useNavigate, useSearchParams } from 'react-router';
import { AccountCard } from '@/features/athlete-account/components/account-card';
import { SignInForm } from '@/features/athlete-account/components/sign-in-form';
import { safeNextPath } from '@/lib/auth/next-path';

export default function AthleteSignInRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back where the athlete came from (athleteSignInHref), if that is a path of this site.
  const next = safeNextPath(params.get('next'), '/public/athlete/profile');
  return (
    <AccountCard title="Athlete sign-in">
      <SignInForm onSuccess={() => void navigate(next, { replace: true })} />
    </AccountCard>
  );
}
