import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { FormField, Input } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { PasswordField } from '@/components/password-field';
import { useValidatedForm } from '@/components/use-validated-form';
import { useSignUp } from '../api/athlete';
import { validateSignUp, type SignUpValues } from '../rules/account-rules';
import { Done } from './account-card';
import { ContinueAfterConfirming } from './continue-after-confirming';
import { ResendLink } from './resend-link';
import { splitServerError } from './server-errors';

const EMPTY: SignUpValues = { email: '', firstName: '', lastName: '', password: '' };
const FIELDS = ['email', 'firstName', 'lastName', 'password'] as const;

type Props = {
  /** The public page the athlete came from (already checked): the mail's link carries it. */
  next?: string;
  /** Where sign-in is, keeping next. */
  signInHref: string;
  /** After the athlete confirmed the address and signed in from here. */
  onSignedIn: () => void;
};

/** Sign-up: the account waits for the address to be confirmed by the link mailed to it. */
export function SignUpForm({ next, signInHref, onSignedIn }: Props) {
  const { values, errors, set, check } = useValidatedForm(EMPTY, validateSignUp);
  const signUp = useSignUp();
  const server = splitServerError(signUp.error, FIELDS);

  const edit = (key: keyof SignUpValues, value: string) => {
    if (signUp.isError) signUp.reset();
    set(key, value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (!valid) return;
    signUp.mutate({ email: valid.email.trim(), password: valid.password, firstName: valid.firstName.trim(), lastName: valid.lastName.trim(), next });
  };

  if (signUp.isSuccess) {
    return (
      <div className="space-y-4">
        <Done>
          <p className="font-medium">Check your email</p>
          <p className="mt-1">
            We sent a link to <strong>{values.email.trim()}</strong>. Open it to confirm your address, then sign in. The link works for
            48 hours.
          </p>
        </Done>
        <ContinueAfterConfirming email={values.email.trim()} password={values.password} onSignedIn={onSignedIn} />
        <ResendLink email={values.email.trim()} />
      </div>
    );
  }

  const fieldError = (key: keyof SignUpValues) => errors[key] ?? (server.field === key ? server.fieldMessage : undefined);
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Email address" htmlFor="email" required error={fieldError('email')}>
        <Input id="email" type="email" inputMode="email" autoComplete="email" value={values.email} invalid={!!fieldError('email')} onChange={(e) => edit('email', e.target.value)} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="First name" htmlFor="first-name" required error={fieldError('firstName')}>
          <Input id="first-name" autoComplete="given-name" value={values.firstName} invalid={!!fieldError('firstName')} onChange={(e) => edit('firstName', e.target.value)} />
        </FormField>
        <FormField label="Last name" htmlFor="last-name" required error={fieldError('lastName')}>
          <Input id="last-name" autoComplete="family-name" value={values.lastName} invalid={!!fieldError('lastName')} onChange={(e) => edit('lastName', e.target.value)} />
        </FormField>
      </div>
      <PasswordField id="password" label="Password" revealable value={values.password} error={fieldError('password')} onChange={(value) => edit('password', value)} />
      <InlineAlert message={server.formMessage ?? null} />
      <Button type="submit" className="w-full" loading={signUp.isPending}>
        Create account
      </Button>
      <p className="text-center text-sm text-slate-600">
        Have an account already?{' '}
        <Link to={signInHref} className="font-medium text-blue-700 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
