import type { FormEvent } from 'react';
import { errorMessage } from '@/components/error-panel';
import { FormActions, FormField, Input } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { Modal } from '@/components/modal';
import { useValidatedForm } from '@/components/use-validated-form';
import type { User } from '@/lib/api/types';
import { useSetUserPassword } from '../api/users';
import { PASSWORD_MIN_LENGTH, validatePassword } from '../rules/credentials';

/** An admin sets a user's password; the server ends every session of that user. */
export function SetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { values, errors, set, check } = useValidatedForm({ password: '', confirm: '' }, validatePassword);
  const setPassword = useSetUserPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (valid) setPassword.mutate({ id: user.id, password: valid.password }, { onSuccess: onClose });
  };

  return (
    <Modal open title={`Set password for ${user.username}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-3">
        <p className="text-sm text-slate-600">Every session of {user.username} ends; they sign in again with the new password.</p>
        <FormField label="New password" htmlFor="set-password" required error={errors.password} help={`At least ${PASSWORD_MIN_LENGTH} characters`}>
          <Input id="set-password" type="password" autoComplete="new-password" value={values.password} invalid={!!errors.password} onChange={(e) => set('password', e.target.value)} />
        </FormField>
        <FormField label="Repeat new password" htmlFor="set-password-confirm" required error={errors.confirm}>
          <Input id="set-password-confirm" type="password" autoComplete="new-password" value={values.confirm} invalid={!!errors.confirm} onChange={(e) => set('confirm', e.target.value)} />
        </FormField>
        <InlineAlert message={setPassword.isError ? errorMessage(setPassword.error) : null} />
        <FormActions submitLabel="Set Password" submitting={setPassword.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
