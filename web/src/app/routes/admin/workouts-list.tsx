import { useParams } from 'react-router';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { EventSectionPage } from '@/app/admin-shell/event-section-page';
import { useEvent } from '@/lib/queries/events';
import { useWorkouts } from '@/features/workouts/api/workouts';
import { WorkoutOrderCard } from '@/features/workouts/components/workout-order-card';
import { WorkoutsTable } from '@/features/workouts/components/workouts-table';

export default function WorkoutsListRoute() {
  const { eventId = '' } = useParams();
  const workouts = useWorkouts(eventId);
  // The list comes by name; the event carries its workouts in workout order, which the card edits.
  const event = useEvent(eventId);
  const create = (
    <ButtonLink variant="primary" to={`/admin/events/${eventId}/workouts/new`}>
      Create Workout
    </ButtonLink>
  );

  return (
    <EventSectionPage eventId={eventId} title="Workouts" actions={create}>
      <QueryState query={workouts} errorTitle="Error loading workouts">
        {(list) =>
          list.length === 0 ? (
            <EmptyState title="No workouts found" action={create} />
          ) : (
            <div className="grid items-start gap-4 lg:grid-cols-[1fr_20rem]">
              <WorkoutsTable eventId={eventId} workouts={list} />
              {event.data && <WorkoutOrderCard eventId={eventId} workouts={event.data.workouts} />}
            </div>
          )
        }
      </QueryState>
    </EventSectionPage>
  );
}
