import { useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { Card } from '@/components/card';
import { Markdown } from '@/components/markdown';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useEvent } from '@/lib/queries/events';
import { useWorkout } from '@/features/workouts/api/workouts';
import { NO_CAP } from '@/lib/time';
import { heatsPath } from '@/lib/admin-paths';

export default function WorkoutDetailRoute() {
  const { eventId = '', workoutId = '' } = useParams();
  const event = useEvent(eventId);
  const workout = useWorkout(eventId, workoutId);
  const list = `/admin/events/${eventId}/workouts`;

  return (
    <QueryState query={workout} errorTitle="Failed to load workout details" notFound="Workout not found" notFoundParent={{ label: 'Workouts', to: `/admin/events/${eventId}/workouts` }}>
      {(w) => (
        <>
          <Breadcrumbs
            items={[
              { label: 'Events', to: '/admin/events' },
              { label: `Event: ${event.data?.name ?? '…'}`, to: `/admin/events/${eventId}` },
              { label: 'Workouts', to: list },
              { label: w.name },
            ]}
          />
          <PageHeader
            title={
              <span className="flex items-center gap-3">
                {w.name} {w.hasResults && <Badge color="amber">Has Results</Badge>}
              </span>
            }
            actions={
              <>
                <ButtonLink to={list}>Back</ButtonLink>
                <ButtonLink to={heatsPath(eventId, w.id)}>Heats</ButtonLink>
                <ButtonLink variant="primary" to={`${list}/${w.id}/edit`}>
                  Edit Workout
                </ButtonLink>
                <QuickActions eventId={eventId} />
              </>
            }
          />
          <div className="grid gap-4 lg:grid-cols-[18rem_1fr]">
            <Card title="Details">
              <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-2 text-sm">
                <dt className="font-medium text-slate-500">Score Type</dt>
                <dd>{w.scoreTypeLabel}</dd>
                <dt className="font-medium text-slate-500">Time Cap</dt>
                <dd>{w.timeCapText ?? NO_CAP}</dd>
                <dt className="font-medium text-slate-500">Order</dt>
                <dd>{w.workoutOrder ?? '—'}</dd>
              </dl>
            </Card>
            <Card title="Description">
              {w.description ? <Markdown>{w.description}</Markdown> : <p className="text-sm text-slate-500">No description provided.</p>}
            </Card>
          </div>
        </>
      )}
    </QueryState>
  );
}
