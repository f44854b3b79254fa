import { useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { QuickActions } from '@/features/admin-shell/components/quick-actions';
import { useEvent } from '@/features/events/api/events';
import { useWorkouts } from '@/features/workouts/api/workouts';
import { WorkoutOrderCard } from '@/features/workouts/components/workout-order-card';
import { WorkoutsTable } from '@/features/workouts/components/workouts-table';

export default function WorkoutsListRoute() {
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  const workouts = useWorkouts(eventId);
  const eventName = event.data?.name ?? '…';
  const create = (
    <ButtonLink variant="primary" to={`/admin/events/${eventId}/workouts/new`}>
      Create Workout
    </ButtonLink>
  );

  return (
    <>
      <Breadcrumbs items={[{ label: 'Events', to: '/admin/events' }, { label: `Event: ${eventName}`, to: `/admin/events/${eventId}` }, { label: 'Workouts' }]} />
      <PageHeader
        title="Workouts"
        subtitle={eventName}
        actions={
          <>
            {create}
            <ButtonLink to={`/admin/events/${eventId}`}>Back</ButtonLink>
            <QuickActions eventId={eventId} />
          </>
        }
      />
      <QueryState query={workouts} errorTitle="Error loading workouts">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No workouts found" action={create} />
          ) : (
            <div className="grid items-start gap-4 lg:grid-cols-[1fr_20rem]">
              <WorkoutsTable eventId={eventId} workouts={list} />
              <WorkoutOrderCard eventId={eventId} workouts={list} />
            </div>
          )
        }
      </QueryState>
    </>
  );
}
