import { useSearchParams } from 'react-router';
import { AccountCard } from '@/features/athlete-account/components/account-card';
import { VerifyEmail } from '@/features/athlete-account/components/verify-email';
import { safeNextPath } from '@/lib/auth/next-path';
import { athleteSignInHref } from '@/lib/auth/use-athlete';

export default function AthleteVerifyRoute() {
  const [params] = useSearchParams();
  // The link carries the page the athlete signed up from; sign-in goes back there.
  const next = safeNextPath(params.get('next'), '') || undefined;
  return (
    <AccountCard title="Confirm your email address">
      <VerifyEmail token={params.get('token') ?? ''} signInHref={athleteSignInHref(next)} />
    </AccountCard>
  );
}
