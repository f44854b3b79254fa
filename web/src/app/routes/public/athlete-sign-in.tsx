import { useNavigate } from 'react-router';
import { AccountCard } from '@/features/athlete-account/components/account-card';
import { SignInForm } from '@/features/athlete-account/components/sign-in-form';

export default function AthleteSignInRoute() {
  const navigate = useNavigate();
  return (
    <AccountCard title="Athlete sign-in">
      <SignInForm onSuccess={() => void navigate('/public/athlete/profile', { replace: true })} />
    </AccountCard>
  );
}
