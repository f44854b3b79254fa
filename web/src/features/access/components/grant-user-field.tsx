import { FormField, Input, Select } from '@/components/form-field';
import { useRole } from '@/lib/auth/use-permissions';
import { useUsers } from '@/lib/queries/users';

export const GRANT_USER_REQUIRED = 'Choose the user to grant access to';
export const USER_ID_HELP = 'Each user finds their ID on their Account page.';

/** Whom to grant: an admin picks from every active non-admin user; an organiser, who may not
 * list users, types the ID the user read on their Account page. */
export function GrantUserField({ value, onChange }: { value: string; onChange: (userId: string) => void }) {
  const isAdmin = useRole() === 'admin';
  const users = useUsers(isAdmin);
  if (!isAdmin) {
    return (
      <FormField label="User ID" htmlFor="grant-user" help={USER_ID_HELP}>
        <Input id="grant-user" autoComplete="off" spellCheck={false} value={value} onChange={(e) => onChange(e.target.value)} />
      </FormField>
    );
  }
  const candidates = (users.data ?? []).filter((u) => u.role !== 'admin' && !u.disabled); // by username, as listed
  return (
    <FormField label="User" htmlFor="grant-user">
      <Select id="grant-user" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{users.isPending ? 'Loading users…' : 'Select a user'}</option>
        {candidates.map((u) => (
          <option key={u.id} value={u.id}>
            {u.username} ({u.role})
          </option>
        ))}
      </Select>
    </FormField>
  );
}
