import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { Table, Td, Th, Tr } from '@/components/table';
import type { Workout } from '@/lib/api/types';
import { NO_CAP } from '@/lib/time';

export function WorkoutsTable({ eventId, workouts }: { eventId: string; workouts: readonly Workout[] }) {
  const base = `/admin/events/${eventId}/workouts`;
  return (
    <Table>
      <thead>
        <tr>
          <Th>Name</Th>
          <Th>Score Type</Th>
          <Th>Time Cap</Th>
          <Th>Order</Th>
          <Th>Results</Th>
          <Th className="text-right">Actions</Th>
        </tr>
      </thead>
      <tbody>
        {workouts.map((w) => (
          <Tr key={w.id}>
            <Td className={w.partOf ? 'pl-8' : undefined}>
              <Link to={`${base}/${w.id}`} className="font-medium text-blue-700 hover:underline">
                {w.name}
              </Link>
              {w.parts && <Badge className="ml-2">Parts: {w.parts}</Badge>}
            </Td>
            <Td>{w.scoreTypeLabel}</Td>
            <Td>{w.timeCapText ?? NO_CAP}</Td>
            <Td>{w.workoutOrder ?? '—'}</Td>
            <Td>{w.hasResults ? <Badge color="amber">Has Results</Badge> : '—'}</Td>
            <Td className="space-x-2 text-right">
              <ButtonLink size="sm" to={`${base}/${w.id}`}>View</ButtonLink>
              <ButtonLink size="sm" to={`${base}/${w.id}/edit`}>Edit</ButtonLink>
            </Td>
          </Tr>
        ))}
      </tbody>
    </Table>
  );
}
