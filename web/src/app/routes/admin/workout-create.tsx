import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Card } from '@/components/card';
import { ErrorPanel } from '@/components/error-panel';
import { PageHeader } from '@/components/page-header';
import { useEvent } from '@/lib/queries/events';
import { useScoreTypeOptions } from '@/features/workouts/api/score-type-options';
import { useCreateWorkout, useWorkouts } from '@/features/workouts/api/workouts';
import { WorkoutForm } from '@/features/workouts/components/workout-form';
import { emptyWorkoutForm, newPartForm, serverFieldErrors, toWorkoutInput } from '@/features/workouts/rules/workout-form';

export default function WorkoutCreateRoute() {
  const { eventId = '' } = useParams();
  const navigate = useNavigate();
  const event = useEvent(eventId);
  const scoreTypes = useScoreTypeOptions(eventId);
  const create = useCreateWorkout(eventId);
  const workouts = useWorkouts(eventId);
  // ?partOf=ID: "Add Part" on a workout with parts.
  const [search] = useSearchParams();
  const header = workouts.data?.find((w) => w.id === search.get('partOf'));
  const list = `/admin/events/${eventId}/workouts`;

  if (!eventId) return <ErrorPanel title="Invalid event" error={new Error('Event ID is required')} />;
  const eventName = event.data?.name ?? '…';

  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Events', to: '/admin/events' },
          { label: `Event: ${eventName}`, to: `/admin/events/${eventId}` },
          { label: 'Workouts', to: list },
          { label: 'Create' },
        ]}
      />
      <PageHeader title={header ? `Add a Part to ${header.name}` : 'Create Workout'} subtitle={`Event: ${eventName}`} />
      {create.isError && <ErrorPanel title="Failed to create workout" error={create.error} />}
      <Card className="mt-4">
        <WorkoutForm
          // Drawn again once the event's workouts arrive, so a new part starts under its workout.
          key={header?.id ?? ''}
          initial={header ? newPartForm(header) : emptyWorkoutForm()}
          scoreTypes={scoreTypes}
          workouts={workouts.data}
          submitLabel="Create Workout"
          submitting={create.isPending}
          onCancel={() => void navigate(list)}
          serverErrors={serverFieldErrors(create.error)}
          onEdit={create.reset}
          onSubmit={(values) => create.mutate(toWorkoutInput(values), { onSuccess: () => void navigate(list) })}
        />
      </Card>
    </>
  );
}
