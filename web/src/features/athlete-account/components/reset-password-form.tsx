import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { PasswordField } from '@/components/password-field';
import { useValidatedForm } from '@/components/use-validated-form';
import { useResetPassword } from '../api/athlete';
import { validateReset, type ResetValues } from '../rules/account-rules';
import { Done } from './account-card';
import { splitServerError } from './server-errors';

const EMPTY: ResetValues = { password: '', confirm: '' };

/** Sets a new password with the reset link's token; a used or expired link offers a new one. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { values, errors, set, check } = useValidatedForm(EMPTY, validateReset);
  const reset = useResetPassword();
  const server = splitServerError(reset.error, ['password', 'token'] as const);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (valid) reset.mutate({ token, password: valid.password });
  };

  if (reset.isSuccess) {
    return (
      <div className="space-y-4">
        <Done>Your password is changed, and every other session is signed out. Sign in with the new password.</Done>
        <Link to="/public/athlete/sign-in" className="inline-block rounded-md bg-blue-600 px-4 py-2 text-sm font-medium text-white hover:bg-blue-700">
          Sign in
        </Link>
      </div>
    );
  }
  const linkBroken = !token || server.field === 'token';
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <PasswordField
        id="password"
        label="New password"
        value={values.password}
        error={errors.password ?? (server.field === 'password' ? server.fieldMessage : undefined)}
        onChange={(value) => {
          reset.reset();
          set('password', value);
        }}
      />
      <PasswordField id="confirm-password" label="Repeat new password" showRule={false} value={values.confirm} error={errors.confirm} onChange={(value) => set('confirm', value)} />
      {linkBroken && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
          {server.fieldMessage ?? 'This link has no token. Please open the link from the email as it is.'}{' '}
          <Link to="/public/athlete/forgot-password" className="font-medium underline">
            Get a new link
          </Link>
        </p>
      )}
      <InlineAlert message={server.formMessage ?? null} />
      <Button type="submit" className="w-full" loading={reset.isPending} disabled={!token}>
        Set new password
      </Button>
    </form>
  );
}
