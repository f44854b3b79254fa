import { Link } from 'react-router';
import { Card } from '@/components/card';
import { LimitedList } from '@/components/limited-list';
import type { Division } from '@/lib/api/types';

export function DivisionsCard({ eventId, divisions }: { eventId: string; divisions: readonly Division[] }) {
  return (
    <Card title={`Divisions (${divisions.length})`} actions={<Link className="text-sm text-blue-700 hover:underline" to={`/admin/events/${eventId}/divisions`}>Manage</Link>}>
      {divisions.length === 0 ? (
        <p className="text-sm text-slate-500">No divisions yet.</p>
      ) : (
        <LimitedList
          items={divisions}
          keyOf={(d) => d.id}
          render={(d) => (
            <>
              <Link to={`/admin/divisions/${d.id}`} className="text-blue-700 hover:underline">
                {d.name}
              </Link>
              <Link to={`/admin/divisions/${d.id}/teams/grid`} className="text-xs text-blue-700 hover:underline">
                Add teams
              </Link>
            </>
          )}
        />
      )}
    </Card>
  );
}
