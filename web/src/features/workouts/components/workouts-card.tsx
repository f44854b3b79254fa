import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { LimitedList } from '@/components/limited-list';
import type { Workout } from '@/lib/api/types';

/** `manage` false (a scorer): the names only, no links into the setup pages. */
export function WorkoutsCard({ eventId, workouts, manage }: { eventId: string; workouts: readonly Workout[]; manage: boolean }) {
  return (
    <Card title={`Workouts (${workouts.length})`} actions={manage && <Link className="text-sm text-blue-700 hover:underline" to={`/admin/events/${eventId}/workouts`}>Manage</Link>}>
      {workouts.length === 0 ? (
        <p className="text-sm text-slate-500">No workouts yet.</p>
      ) : (
        <LimitedList
          items={workouts}
          keyOf={(w) => w.id}
          render={(w) => (
            <>
              {manage ? (
                <Link to={`/admin/events/${eventId}/workouts/${w.id}`} className="text-blue-700 hover:underline">
                  {w.name}
                </Link>
              ) : (
                <span>{w.name}</span>
              )}
              <Badge>{w.scoreTypeLabel}</Badge>
            </>
          )}
        />
      )}
    </Card>
  );
}
