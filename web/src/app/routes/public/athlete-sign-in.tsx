import { useNavigate, useSearchParams } from 'react-router';
import { AccountCard } from '@/features/athlete-account/components/account-card';
import { SignInForm } from '@/features/athlete-account/components/sign-in-form';
import { safeNextPath } from '@/lib/auth/next-path';
import { athleteSignUpHref } from '@/lib/auth/use-athlete';

export default function AthleteSignInRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Back where the athlete came from (athleteSignInHref), if that is a path of this site.
  const given = safeNextPath(params.get('next'), '') || undefined;
  return (
    <AccountCard title="Athlete sign-in">
      <SignInForm signUpHref={athleteSignUpHref(given)} onSuccess={() => void navigate(given ?? '/public/athlete/profile', { replace: true })} />
    </AccountCard>
  );
}
