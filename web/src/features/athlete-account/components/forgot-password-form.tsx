import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { useRequestPasswordReset } from '../api/athlete';
import { emailError } from '../rules/account-rules';
import { Done } from './account-card';

/** Asks for a reset link. The answer never tells whether the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  const request = useRequestPasswordReset();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailError(email);
    setInvalid(problem);
    if (!problem) request.mutate(email.trim());
  };

  if (request.isSuccess) {
    return (
      <div className="space-y-4">
        <Done>
          If an athlete account exists for <strong>{email.trim()}</strong>, we sent it a link to choose a new password. The link works
          for one hour.
        </Done>
        <Link to="/public/athlete/sign-in" className="text-sm text-blue-700 hover:underline">
          Back to sign-in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Email address" htmlFor="email" required error={invalid}>
        <Input
          id="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          invalid={!!invalid}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid(undefined);
            request.reset();
          }}
        />
      </FormField>
      <InlineAlert message={request.isError ? errorMessage(request.error) : null} />
      <Button type="submit" className="w-full" loading={request.isPending}>
        Send reset link
      </Button>
    </form>
  );
}
