import { scoreTypeWord } from '@/lib/i18n/words';
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
import { useWorkout, useWorkouts } from '@/features/workouts/api/workouts';
import { PARTS_OPTIONS } from '@/features/workouts/rules/workout-form';
import { NO_CAP } from '@/lib/time';
import { heatsPath } from '@/lib/admin-paths';

export default function WorkoutDetailRoute() {
  const { eventId = '', workoutId = '' } = useParams();
  const event = useEvent(eventId);
  const workout = useWorkout(eventId, workoutId);
  const workouts = useWorkouts(eventId).data ?? [];
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
                {w.parts ? <ButtonLink to={`${list}/new?partOf=${w.id}`}>Add Part</ButtonLink> : <ButtonLink to={heatsPath(eventId, w.id)}>Heats</ButtonLink>}
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
                <dd>{scoreTypeWord(w.scoreType)}</dd>
                <dt className="font-medium text-slate-500">Time Cap</dt>
                <dd>{w.timeCapText ?? NO_CAP}</dd>
                <dt className="font-medium text-slate-500">Order</dt>
                <dd>{w.workoutOrder ?? '—'}</dd>
                {w.partOf && (
                  <>
                    <dt className="font-medium text-slate-500">Part Of</dt>
                    <dd>{workouts.find((x) => x.id === w.partOf)?.name ?? '…'}</dd>
                  </>
                )}
                {w.parts && (
                  <>
                    <dt className="font-medium text-slate-500">Parts</dt>
                    <dd>
                      {PARTS_OPTIONS.find((o) => o.value === w.parts)?.label ?? w.parts}
                      <ul className="mt-1 list-disc pl-5">
                        {workouts.filter((x) => x.partOf === w.id).map((x) => (
                          <li key={x.id}>{x.name}</li>
                        ))}
                      </ul>
                    </dd>
                  </>
                )}
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
