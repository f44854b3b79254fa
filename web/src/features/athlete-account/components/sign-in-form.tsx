import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { ApiError } from '@/lib/api/client';
import { useSignIn } from '../api/athlete';
import { ResendLink } from './resend-link';

export const SIGN_IN_MISSING = 'Please enter both email address and password';

/** Athlete sign-in by email address; "Create an account" (signUpHref) keeps where the athlete goes after. An unconfirmed address (403) is told so and offered a new link. */
export function SignInForm({ onSuccess, signUpHref }: { onSuccess: () => void; signUpHref: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const signIn = useSignIn();
  const unconfirmed = signIn.error instanceof ApiError && signIn.error.status === 403;

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setMissing(false);
    if (signIn.isError) signIn.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMissing(true);
      return;
    }
    signIn.mutate({ email: email.trim(), password }, { onSuccess, onError: () => setPassword('') });
  };

  const message = missing ? SIGN_IN_MISSING : signIn.isError ? errorMessage(signIn.error) : null;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Email address" htmlFor="email" required>
        <Input id="email" type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => edit(setEmail)(e.target.value)} />
      </FormField>
      <FormField label="Password" htmlFor="password" required>
        <Input id="password" type="password" autoComplete="current-password" value={password} onChange={(e) => edit(setPassword)(e.target.value)} />
      </FormField>
      {message && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {message}
        </p>
      )}
      {unconfirmed && <ResendLink email={email.trim()} />}
      <Button type="submit" className="w-full" loading={signIn.isPending}>
        Sign in
      </Button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/public/athlete/forgot-password" className="text-blue-700 hover:underline">
          Forgot your password?
        </Link>
        <Link to={signUpHref} className="font-medium text-blue-700 hover:underline">
          Create an account
        </Link>
      </div>
    </form>
  );
}
