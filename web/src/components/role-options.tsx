import type { Role } from '@/lib/api/types';

/** The <option>s of a role select, in the order given. */
export function RoleOptions({ roles }: { roles: readonly { value: Role; label: string }[] }) {
  return (
    <>
      {roles.map((role) => (
        <option key={role.value} value={role.value}>
          {role.label}
        </option>
      ))}
    </>
  );
}
