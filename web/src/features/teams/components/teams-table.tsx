import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { Table, Td, Th, Tr } from '@/components/table';
import type { Team } from '@/lib/api/types';
import { CompletenessBadge } from './completeness-badge';

/** Teams in the order the server sends: natural name order (Team 2 before Team 10), one home
 * for the rule in internal/platform/natural. */
export function TeamsTable({ teams, showDivision }: { teams: readonly Team[]; showDivision: boolean }) {
  return (
    <Table>
      <thead>
        <tr>
          <Th>Team</Th>
          {showDivision && <Th>Division</Th>}
          <Th>Athletes</Th>
          <Th>Completeness</Th>
          <Th>Results</Th>
          <Th className="text-right">Actions</Th>
        </tr>
      </thead>
      <tbody>
        {teams.map((team) => (
          <Tr key={team.id}>
            <Td>
              <Link to={`/admin/teams/${team.id}`} className="font-medium text-blue-700 hover:underline">
                {team.name}
              </Link>
            </Td>
            {showDivision && <Td>{team.divisionName}</Td>}
            <Td>{[team.athlete1Name, team.athlete2Name].filter(Boolean).join(' & ') || '—'}</Td>
            <Td>
              <CompletenessBadge athleteCount={team.athleteCount} />
            </Td>
            <Td>{team.finalResultsCount > 0 ? <Badge color="blue">{team.finalResultsCount}</Badge> : '—'}</Td>
            <Td className="space-x-2 text-right">
              <ButtonLink size="sm" to={`/admin/teams/${team.id}`}>View</ButtonLink>
              {team.finalResultsCount === 0 && <ButtonLink size="sm" to={`/admin/teams/${team.id}/edit`}>Edit</ButtonLink>}
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
