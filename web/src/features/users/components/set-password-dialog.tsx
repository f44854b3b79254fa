import type { FormEvent } from 'react';
import { errorMessage } from '@/components/error-panel';
import { FormActions } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { Modal } from '@/components/modal';
import { useValidatedForm } from '@/components/use-validated-form';
import type { User } from '@/lib/api/types';
import { useSetUserPassword } from '../api/users';
import { validatePassword } from '@/lib/credentials';
import { PasswordField } from '@/components/password-field';

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
        <PasswordField id="set-password" label="New password" value={values.password} error={errors.password} onChange={(value) => set('password', value)} />
        <PasswordField id="set-password-confirm" label="Repeat new password" showRule={false} value={values.confirm} error={errors.confirm} onChange={(value) => set('confirm', value)} />
        <InlineAlert message={setPassword.isError ? errorMessage(setPassword.error) : null} />
        <FormActions submitLabel="Set Password" submitting={setPassword.isPending} onCancel={onClose} />
      </form>
    </Modal>
  );
}
