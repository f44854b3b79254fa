import { Link } from 'react-router';
import { ButtonLink } from '@/components/button';
import { Table, Td, Th, Tr } from '@/components/table';
import type { Division } from '@/lib/api/types';
import { formatDate } from '@/lib/dates';

export function DivisionsTable({ divisions }: { divisions: readonly Division[] }) {
  return (
    <Table>
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Event</Th>
          <Th>Teams</Th>
          <Th>Created</Th>
          <Th className="text-right">Actions</Th>
        </tr>
      </thead>
      <tbody>
        {divisions.map((d) => (
          <Tr key={d.id}>
            <Td>
              <Link to={`/admin/divisions/${d.id}`} className="font-medium text-blue-700 hover:underline">
                {d.name}
              </Link>
            </Td>
            <Td>{d.eventName}</Td>
            <Td>{d.teamCount}</Td>
            <Td>{formatDate(d.createdAt)}</Td>
            <Td className="space-x-2 text-right">
              <ButtonLink size="sm" to={`/admin/divisions/${d.id}`}>View</ButtonLink>
              <ButtonLink size="sm" to={`/admin/divisions/${d.id}/teams`}>Teams</ButtonLink>
              <ButtonLink size="sm" to={`/admin/divisions/${d.id}/edit`}>Edit</ButtonLink>
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
