import type { FormEvent } from 'react';
import { errorMessage } from '@/components/error-panel';
import { Button } from '@/components/button';
import { InlineAlert } from '@/components/inline-alert';
import { useValidatedForm } from '@/components/use-validated-form';
import { PasswordField } from '@/components/password-field';
import { validatePasswordChange, type PasswordChangeValues } from '@/lib/credentials';
import { useChangePassword } from '../api/session';
import { useAuth } from '@/lib/auth/auth-context';

const EMPTY: PasswordChangeValues = { currentPassword: '', password: '', confirm: '' };

export const PASSWORD_CHANGED = 'Password changed. Your other sessions have been signed out.';

/** Changes one's own password. The server ends every older session and answers a new one, which
 * replaces the stored session so this tab stays signed in. */
export function ChangePasswordForm() {
  const { signIn } = useAuth();
  const { values, errors, set, check } = useValidatedForm(EMPTY, validatePasswordChange);
  const change = useChangePassword();

  const edit = (key: keyof PasswordChangeValues, value: string) => {
    change.reset();
    set(key, value);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (!valid) return;
    change.mutate(
      { currentPassword: valid.currentPassword, newPassword: valid.password },
      {
        onSuccess: (session) => {
          signIn(session);
          (['currentPassword', 'password', 'confirm'] as const).forEach((key) => set(key, ''));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="max-w-md space-y-4">
      <PasswordField
        id="current-password"
        label="Current password"
        autoComplete="current-password"
        value={values.currentPassword}
        error={errors.currentPassword}
        onChange={(value) => edit('currentPassword', value)}
      />
      <PasswordField id="new-password" label="New password" value={values.password} error={errors.password} onChange={(value) => edit('password', value)} />
      <PasswordField id="confirm-password" label="Repeat new password" showRule={false} value={values.confirm} error={errors.confirm} onChange={(value) => edit('confirm', value)} />
      <InlineAlert message={change.isError ? errorMessage(change.error) : null} />
      {change.isSuccess && (
        <p role="status" className="text-sm text-green-700">
          {PASSWORD_CHANGED}
        </p>
      )}
      <Button type="submit" loading={change.isPending}>
        Change Password
      </Button>
    </form>
  );
}
