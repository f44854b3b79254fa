import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/card';
import { Input } from '@/components/form-field';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { ErrorPanel } from '@/components/error-panel';
import type { Team } from '@/lib/api/types';
import { useEventTeams } from '../api/teams';

export function filterTeams(teams: readonly Team[], text: string): Team[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...teams];
  return teams.filter((t) => t.name.toLowerCase().includes(needle) || t.divisionName.toLowerCase().includes(needle));
}

/** Filterable on team or division name; scrolls at a maximum height of 72 units. `manage` false
 * (a scorer): the names only, no links into the setup pages. */
export function TeamsCard({ eventId, manage }: { eventId: string; manage: boolean }) {
  const teams = useEventTeams(eventId);
  const [filter, setFilter] = useState('');
  const shown = filterTeams(teams.data ?? [], filter);

  return (
    <Card title={`Teams (${teams.data?.length ?? 0})`} actions={manage && <Link className="text-sm text-blue-700 hover:underline" to={`/admin/events/${eventId}/teams`}>Manage</Link>}>
      {teams.isPending && <LoadingPlaceholder rows={2} />}
      {teams.isError && <ErrorPanel title="Failed to load teams" error={teams.error} onRetry={() => void teams.refetch()} />}
      {teams.isSuccess && (
        <>
          <Input aria-label="Filter teams" placeholder="Filter by team or division" value={filter} onChange={(e) => setFilter(e.target.value)} className="mb-2" />
          <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto text-sm">
            {shown.length === 0 && <li className="py-2 text-slate-500">No results</li>}
            {shown.map((team) => (
              <li key={team.id} className="flex items-center justify-between gap-2 py-1.5">
                {manage ? (
                  <Link to={`/admin/teams/${team.id}`} className="text-blue-700 hover:underline">
                    {team.name}
                  </Link>
                ) : (
                  <span>{team.name}</span>
                )}
                <span className="text-xs text-slate-500">{team.divisionName}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
