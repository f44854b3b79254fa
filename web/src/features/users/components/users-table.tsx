import { useState } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { errorMessage } from '@/components/error-panel';
import { Select } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { Table, Td, Th, Tr } from '@/components/table';
import type { Role, User } from '@/lib/api/types';
import { formatDateTime } from '@/lib/dates';
import { useUpdateUser } from '../api/users';
import { ROLES } from '@/lib/credentials';
import { RoleOptions } from '@/components/role-options';
import { SetPasswordDialog } from './set-password-dialog';

/** Every user (in the server's order: by username) with their role, state and the admin's actions on them. A refused change (the last
 * active admin, 409) is shown above the table with the user it concerns. */
export function UsersTable({ users }: { users: readonly User[] }) {
  const update = useUpdateUser();
  const [failure, setFailure] = useState<string | null>(null);
  const [passwordFor, setPasswordFor] = useState<User | null>(null);

  const change = (user: User, next: { role?: Role; disabled?: boolean }) => {
    setFailure(null);
    update.mutate(
      { id: user.id, role: next.role ?? user.role, disabled: next.disabled ?? user.disabled },
      { onError: (error) => setFailure(`${user.username}: ${errorMessage(error)}`) },
    );
  };
  const busy = (user: User) => update.isPending && update.variables?.id === user.id;

  return (
    <>
      <div className="mb-2 min-h-5">
        <InlineAlert message={failure} />
      </div>
      <Table>
        <thead>
          <tr>
            <Th>Username</Th>
            <Th>Role</Th>
            <Th>Status</Th>
            <Th>Created</Th>
            <Th>Last sign-in</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <Tr key={user.id}>
              <Td className="font-medium text-slate-900">{user.username}</Td>
              <Td>
                <Select
                  aria-label={`Role of ${user.username}`}
                  className="w-36 min-w-36 py-1"
                  value={user.role}
                  disabled={busy(user)}
                  onChange={(e) => change(user, { role: e.target.value as Role })}
                >
                  <RoleOptions roles={ROLES} />
                </Select>
              </Td>
              <Td>{user.disabled ? <Badge color="red">Disabled</Badge> : <Badge color="green">Active</Badge>}</Td>
              <Td>{formatDateTime(user.createdAt)}</Td>
              <Td>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}</Td>
              <Td className="space-x-2 text-right">
                <Button size="sm" variant="secondary" onClick={() => setPasswordFor(user)} aria-label={`Set password for ${user.username}`}>
                  Set Password
                </Button>
                <Button
                  size="sm"
                  variant={user.disabled ? 'success' : 'danger'}
                  disabled={busy(user)}
                  onClick={() => change(user, { disabled: !user.disabled })}
                  aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.username}`}
                >
                  {user.disabled ? 'Enable' : 'Disable'}
                </Button>
              </Td>
            </Tr>
          ))}
        </tbody>
      </Table>
      {passwordFor && <SetPasswordDialog user={passwordFor} onClose={() => setPasswordFor(null)} />}
    </>
  );
}
