import { AccountCard } from '@/features/athlete-account/components/account-card';
import { ForgotPasswordForm } from '@/features/athlete-account/components/forgot-password-form';

export default function AthleteForgotPasswordRoute() {
  return (
    <AccountCard title="Forgot your password?" intro="Enter the email address of your athlete account: we send you a link to choose a new password.">
      <ForgotPasswordForm />
    </AccountCard>
  );
}
