import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { ReviewQueue } from '@/features/qualifiers/components/review-queue';
import { submissionsPath } from '@/lib/admin-paths';
import { useEvent } from '@/lib/queries/events';

/** The judges' review of an online workout's submissions (docs/qualifiers.md). */
export default function WorkoutSubmissionsRoute() {
  const { eventId = '', workoutId = '' } = useParams();
  const event = useEvent(eventId);
  return (
    <QueryState query={event} errorTitle="Failed to load event details" notFound="Event not found">
      {(loaded) => {
        const workout = loaded.workouts.find((w) => w.id === workoutId);
        return (
          <>
            <Breadcrumbs
              items={[
                { label: 'Events', to: '/admin/events' },
                { label: `Event: ${loaded.name}`, to: `/admin/events/${eventId}` },
                { label: `Submissions: ${workout?.name ?? '…'}` },
              ]}
            />
            <PageHeader title={`Submissions: ${workout?.name ?? 'Workout not found'}`} actions={<ButtonLink to={`/admin/events/${eventId}`}>Back</ButtonLink>} />
            <nav aria-label="Workouts" className="mb-4 flex flex-wrap gap-2 text-sm">
              {loaded.workouts
                .filter((w) => w.releaseAt)
                .map((w) => (
                  <Link
                    key={w.id}
                    to={submissionsPath(eventId, w.id)}
                    aria-current={w.id === workoutId ? 'page' : undefined}
                    className={w.id === workoutId ? 'rounded bg-blue-600 px-2 py-1 text-white' : 'rounded px-2 py-1 text-blue-700 underline'}
                  >
                    {w.name}
                  </Link>
                ))}
            </nav>
            {workout && <ReviewQueue eventId={eventId} workoutId={workoutId} />}
          </>
        );
      }}
    </QueryState>
  );
}
