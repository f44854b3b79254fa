import { useSearchParams } from 'react-router';
import { AccountCard } from '@/features/athlete-account/components/account-card';
import { VerifyEmail } from '@/features/athlete-account/components/verify-email';

export default function AthleteVerifyRoute() {
  const [params] = useSearchParams();
  return (
    <AccountCard title="Confirm your email address">
      <VerifyEmail token={params.get('token') ?? ''} />
    </AccountCard>
  );
}
