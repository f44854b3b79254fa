import { AccountCard } from '@/features/athlete-account/components/account-card';
import { SignUpForm } from '@/features/athlete-account/components/sign-up-form';

export default function AthleteSignUpRoute() {
  return (
    <AccountCard title="Create your athlete account" intro="Register for competitions and follow your results.">
      <SignUpForm />
    </AccountCard>
  );
}
