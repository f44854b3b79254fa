import { useNavigate, useSearchParams } from 'react-router';
import { AccountCard } from '@/features/athlete-account/components/account-card';
import { SignUpForm } from '@/features/athlete-account/components/sign-up-form';
import { safeNextPath } from '@/lib/auth/next-path';
import { athleteSignInHref } from '@/lib/auth/use-athlete';

export default function AthleteSignUpRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The page the athlete came from (sign-in's "Create an account" passes it on): sign-up, the
  // confirmation mail's link and sign-in all bring them back there.
  // Only a public page rides in the mail (the server checks it too).
  const given = safeNextPath(params.get('next'), '');
  const next = given.startsWith('/public/') ? given : undefined;
  return (
    <AccountCard title="Create your athlete account" intro="Register for competitions and follow your results.">
      <SignUpForm
        next={next}
        signInHref={athleteSignInHref(next)}
        onSignedIn={() => void navigate(next ?? '/public/athlete/profile', { replace: true })}
      />
    </AccountCard>
  );
}
