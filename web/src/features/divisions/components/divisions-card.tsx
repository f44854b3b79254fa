import { Link } from 'react-router';
import { Card } from '@/components/card';
import { LimitedList } from '@/components/limited-list';
import type { Division } from '@/lib/api/types';

/** `manage` false (a scorer): the names only, no links into the setup pages. */
export function DivisionsCard({ eventId, divisions, manage }: { eventId: string; divisions: readonly Division[]; manage: boolean }) {
  return (
    <Card title={`Divisions (${divisions.length})`} actions={manage && <Link className="text-sm text-blue-700 hover:underline" to={`/admin/events/${eventId}/divisions`}>Manage</Link>}>
      {divisions.length === 0 ? (
        <p className="text-sm text-slate-500">No divisions yet.</p>
      ) : (
        <LimitedList
          items={divisions}
          keyOf={(d) => d.id}
          render={(d) =>
            manage ? (
              <>
                <Link to={`/admin/divisions/${d.id}`} className="text-blue-700 hover:underline">
                  {d.name}
                </Link>
                <Link to={`/admin/divisions/${d.id}/teams/grid`} className="text-xs text-blue-700 hover:underline">
                  Add teams
                </Link>
              </>
            ) : (
              <span>{d.name}</span>
            )
          }
        />
      )}
    </Card>
  );
}
