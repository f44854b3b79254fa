import { Link } from 'react-router';
import { Badge } from '@/components/badge';
import { Card } from '@/components/card';
import { LimitedList } from '@/components/limited-list';
import type { Workout } from '@/lib/api/types';

export function WorkoutsCard({ eventId, workouts }: { eventId: string; workouts: readonly Workout[] }) {
  return (
    <Card title={`Workouts (${workouts.length})`} actions={<Link className="text-sm text-blue-700 hover:underline" to={`/admin/events/${eventId}/workouts`}>Manage</Link>}>
      {workouts.length === 0 ? (
        <p className="text-sm text-slate-500">No workouts yet.</p>
      ) : (
        <LimitedList
          items={workouts}
          keyOf={(w) => w.id}
          render={(w) => (
            <>
              <Link to={`/admin/events/${eventId}/workouts/${w.id}`} className="text-blue-700 hover:underline">
                {w.name}
              </Link>
              <Badge>{w.scoreTypeLabel}</Badge>
            </>
          )}
        />
      )}
    </Card>
  );
}
