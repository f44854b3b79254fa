import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { errorMessage, ErrorPanel } from '@/components/error-panel';
import { FormField, Select } from '@/components/form-field';
import { InlineAlert } from '@/components/inline-alert';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { RoleOptions } from '@/components/role-options';
import type { AccessGrant, GrantRole } from '@/lib/api/types';
import { useEventAccess } from '@/lib/queries/event-access';
import { useGrantAccess, useRevokeAccess } from '../api/access';
import { GRANT_USER_REQUIRED, GrantUserField } from './grant-user-field';

export const GRANT_ROLES: { value: GrantRole; label: string }[] = [
  { value: 'scorer', label: 'Scorer' },
  { value: 'organiser', label: 'Organiser' },
];

const byRoleThenName = (a: AccessGrant, b: AccessGrant) => a.role.localeCompare(b.role) || a.username.localeCompare(b.username);

/** Who holds a grant on the event, and the form to give or take one. Shown to admins and the
 * event's organisers only (the only callers who may read the list). */
export function AccessCard({ eventId }: { eventId: string }) {
  const access = useEventAccess(eventId);
  const grant = useGrantAccess(eventId);
  const revoke = useRevokeAccess(eventId);
  const [user, setUser] = useState('');
  const [role, setRole] = useState<GrantRole>('scorer');
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const userId = user.trim();
    if (!userId) {
      setFailure(GRANT_USER_REQUIRED);
      return;
    }
    setFailure(null);
    grant.mutate({ userId, role }, { onSuccess: () => setUser(''), onError: (error) => setFailure(errorMessage(error)) });
  };

  const remove = (entry: AccessGrant) => {
    if (!window.confirm(`Remove ${entry.username}'s access to this event?`)) return;
    setFailure(null);
    revoke.mutate(entry.userId, { onError: (error) => setFailure(`${entry.username}: ${errorMessage(error)}`) });
  };

  return (
    <Card title={`Access (${access.data?.length ?? 0})`}>
      {access.isPending && <LoadingPlaceholder rows={2} />}
      {access.isError && <ErrorPanel title="Failed to load access" error={access.error} onRetry={() => void access.refetch()} />}
      {access.isSuccess && (
        <ul className="mb-4 divide-y divide-slate-100 text-sm" aria-label="People with access">
          {access.data.length === 0 && <li className="py-2 text-slate-500">Only admins have access.</li>}
          {[...access.data].sort(byRoleThenName).map((entry) => (
            <li key={entry.userId} className="flex items-center justify-between gap-2 py-1.5">
              <span className="flex items-center gap-2">
                <span className="font-medium text-slate-800">{entry.username}</span>
                <Badge color={entry.role === 'organiser' ? 'purple' : 'blue'}>{entry.role === 'organiser' ? 'Organiser' : 'Scorer'}</Badge>
              </span>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${entry.username}`}
                disabled={revoke.isPending && revoke.variables === entry.userId}
                onClick={() => remove(entry)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} noValidate className="grid items-start gap-2 sm:grid-cols-[1fr_9rem_auto]">
        <GrantUserField value={user} onChange={setUser} />
        <FormField label="Access" htmlFor="grant-role">
          <Select id="grant-role" value={role} onChange={(e) => setRole(e.target.value as GrantRole)}>
            <RoleOptions roles={GRANT_ROLES} />
          </Select>
        </FormField>
        <div className="sm:pt-6">
          <Button type="submit" loading={grant.isPending} className="w-full">
            Grant
          </Button>
        </div>
      </form>
      <div className="mt-2">
        <InlineAlert message={failure} />
      </div>
    </Card>
  );
}
