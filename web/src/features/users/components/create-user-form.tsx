import type { FormEvent } from 'react';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { FormField, Input, Select } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { useValidatedForm } from '@/components/use-validated-form';
import type { Role } from '@/lib/api/types';
import { useCreateUser } from '../api/users';
import { ROLES, validateNewUser, type NewUserValues } from '@/lib/credentials';
import { PasswordField } from '@/components/password-field';
import { RoleOptions } from '@/components/role-options';

const EMPTY: NewUserValues = { username: '', password: '', role: 'scorer' };

/** Creates a user; the form empties after success so the next one can be typed straight away. */
export function CreateUserForm() {
  const { values, errors, set, check } = useValidatedForm(EMPTY, validateNewUser);
  const create = useCreateUser();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const valid = check();
    if (!valid) return;
    create.mutate(
      { ...valid, username: valid.username.trim() },
      {
        onSuccess: () => {
          set('username', '');
          set('password', '');
        },
      },
    );
  };

  const edit = <K extends keyof NewUserValues>(key: K, value: NewUserValues[K]) => {
    create.reset();
    set(key, value);
  };

  return (
    <form onSubmit={submit} noValidate className="grid items-start gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_10rem_auto]">
      <FormField label="Username" htmlFor="new-user-username" required error={errors.username}>
        <Input id="new-user-username" autoComplete="off" value={values.username} invalid={!!errors.username} onChange={(e) => edit('username', e.target.value)} />
      </FormField>
      <PasswordField id="new-user-password" label="Password" value={values.password} error={errors.password} onChange={(value) => edit('password', value)} />
      <FormField label="Role" htmlFor="new-user-role">
        <Select id="new-user-role" value={values.role} onChange={(e) => edit('role', e.target.value as Role)}>
          <RoleOptions roles={ROLES} />
        </Select>
      </FormField>
      <div className="space-y-1 lg:pt-6">
        <Button type="submit" loading={create.isPending} className="w-full">
          Create User
        </Button>
      </div>
      <div className="sm:col-span-2 lg:col-span-4">
        <InlineAlert message={create.isError ? errorMessage(create.error) : null} />
        {create.isSuccess && (
          <span role="status" className="text-sm text-green-700">
            User {create.data.username} created.
          </span>
        )}
      </div>
    </form>
  );
}
