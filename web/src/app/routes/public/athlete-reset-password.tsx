import { useSearchParams } from 'react-router';
import { AccountCard } from '@/features/athlete-account/components/account-card';
import { ResetPasswordForm } from '@/features/athlete-account/components/reset-password-form';

export default function AthleteResetPasswordRoute() {
  const [params] = useSearchParams();
  return (
    <AccountCard title="Choose a new password">
      <ResetPasswordForm token={params.get('token') ?? ''} />
    </AccountCard>
  );
}
