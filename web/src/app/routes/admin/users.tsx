import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useRole } from '@/lib/auth/use-permissions';
import { canManageUsers } from '@/lib/auth/permissions';
import { useUsers } from '@/lib/queries/users';
import { CreateUserForm } from '@/features/users/components/create-user-form';
import { UsersTable } from '@/features/users/components/users-table';
import { NoAccessState } from '@/components/no-access-state';

function UsersScreen() {
  const users = useUsers();
  return (
    <>
      <Breadcrumbs items={[{ label: 'Users' }]} />
      <PageHeader title="Users" subtitle="Accounts of the federation: admins, organisers and scorers" />
      <Card title="Create User" className="mb-6">
        <CreateUserForm />
      </Card>
      <QueryState query={users} errorTitle="Failed to load users">
        {(list) => (list.length === 0 ? <EmptyState title="No users found" /> : <UsersTable users={list} />)}
      </QueryState>
    </>
  );
}

/** Admins only; anyone else who reaches the address goes to their events. */
export default function UsersRoute() {
  const role = useRole();
  if (role === undefined) return null;
  return canManageUsers(role) ? <UsersScreen /> : <NoAccessState />;
}
