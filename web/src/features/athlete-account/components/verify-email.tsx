import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { Spinner } from '@/components/spinner';
import { useVerifyEmail } from '../api/athlete';
import { Done } from './account-card';
import { ResendLink } from './resend-link';

/** Confirms the address with the link's token as the page opens (once), then offers sign-in;
 * a used or expired link says so and offers a new one. */
export function VerifyEmail({ token, signInHref }: { token: string; signInHref: string }) {
  const verify = useVerifyEmail();
  const sent = useRef(false);
  const [email, setEmail] = useState('');

  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    verify.mutate(token);
  }, [token, verify]);

  if (verify.isSuccess) {
    return (
      <div className="space-y-4">
        <Done>Your email address is confirmed. Welcome to Podium!</Done>
        <Link to={signInHref} className="inline-block rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700">
          Sign in
        </Link>
      </div>
    );
  }
  if (token && !verify.isError) {
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner /> Confirming your email address…
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
        {token ? errorMessage(verify.error) : 'This link has no token. Please open the link from the email as it is.'}
      </p>
      <FormField label="Your email address, for a new link" htmlFor="resend-email">
        <Input id="resend-email" type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
      </FormField>
      {email.includes('@') && <ResendLink email={email.trim()} />}
    </div>
  );
}
