import { useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useEvent } from '@/lib/queries/events';
import { useScoreTypeOptions } from '@/features/workouts/api/score-type-options';
import { useDeleteWorkout, useUpdateWorkout, useWorkout, useWorkouts } from '@/features/workouts/api/workouts';
import { DeleteWorkoutButton } from '@/features/workouts/components/delete-workout-button';
import { WorkoutForm } from '@/features/workouts/components/workout-form';
import { serverFieldErrors, toWorkoutInput, workoutToForm } from '@/features/workouts/rules/workout-form';

export default function WorkoutEditRoute() {
  const { eventId = '', workoutId = '' } = useParams();
  const navigate = useNavigate();
  const event = useEvent(eventId);
  const workout = useWorkout(eventId, workoutId);
  const scoreTypes = useScoreTypeOptions(eventId);
  const update = useUpdateWorkout(eventId, workoutId);
  const workouts = useWorkouts(eventId);
  const remove = useDeleteWorkout(eventId);
  const list = `/admin/events/${eventId}/workouts`;
  const detail = `${list}/${workoutId}`;

  return (
    <QueryState query={workout} errorTitle="Failed to load workout" notFound="Workout not found" notFoundParent={{ label: 'Workouts', to: `/admin/events/${eventId}/workouts` }}>
      {(w) => (
        <>
          <Breadcrumbs
            items={[
              { label: 'Events', to: '/admin/events' },
              { label: `Event: ${event.data?.name ?? '…'}`, to: `/admin/events/${eventId}` },
              { label: 'Workouts', to: list },
              { label: w.name, to: detail },
              { label: 'Edit' },
            ]}
          />
          <PageHeader title="Edit Workout" subtitle={w.name} />
          {update.isError && <ErrorPanel title="Failed to update workout" error={update.error} />}
          {remove.isError && <ErrorPanel title="Failed to delete workout" error={remove.error} />}
          <Card className="mt-4">
            <WorkoutForm
              initial={workoutToForm(w)}
              scoreTypes={scoreTypes}
              workouts={workouts.data}
              selfId={w.id}
              hasResults={w.hasResults}
              submitLabel="Save Changes"
              submitting={update.isPending}
              onCancel={() => void navigate(detail)}
              serverErrors={serverFieldErrors(update.error)}
              onEdit={update.reset}
              onSubmit={(values) => update.mutate(toWorkoutInput(values), { onSuccess: () => void navigate(detail) })}
              extraActions={
                !w.hasResults && (
                  <DeleteWorkoutButton workoutName={w.name} deleting={remove.isPending} onConfirm={() => remove.mutate(w.id, { onSuccess: () => void navigate(list) })} />
                )
              }
            />
          </Card>
        </>
      )}
    </QueryState>
  );
}
