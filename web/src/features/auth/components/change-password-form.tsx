import type { FormEvent } from 'react';
import { errorMessage } from '@/components/error-panel';
import { Button } from '@/components/button';
import { FormField, Input } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { useValidatedForm } from '@/components/use-validated-form';
import { PASSWORD_MIN_LENGTH, validatePasswordChange, type PasswordChangeValues } from '@/features/users/rules/credentials';
import { useChangePassword } from '../api/session';
import { useAuth } from './auth-context';

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
      <FormField label="Current password" htmlFor="current-password" required error={errors.currentPassword}>
        <Input
          id="current-password"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          invalid={!!errors.currentPassword}
          onChange={(e) => edit('currentPassword', e.target.value)}
        />
      </FormField>
      <FormField label="New password" htmlFor="new-password" required error={errors.password} help={`At least ${PASSWORD_MIN_LENGTH} characters`}>
        <Input id="new-password" type="password" autoComplete="new-password" value={values.password} invalid={!!errors.password} onChange={(e) => edit('password', e.target.value)} />
      </FormField>
      <FormField label="Repeat new password" htmlFor="confirm-password" required error={errors.confirm}>
        <Input id="confirm-password" type="password" autoComplete="new-password" value={values.confirm} invalid={!!errors.confirm} onChange={(e) => edit('confirm', e.target.value)} />
      </FormField>
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
