import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { failureText, InlineAlert } from '@/components/inline-alert';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { ProgressBar } from '@/components/progress-bar';
import { heatsPath } from '@/lib/admin-paths';
import type { Event, Workout } from '@/lib/api/types';
import { mayOpenPage } from '@/lib/auth/permissions';
import { useRole } from '@/lib/auth/use-permissions';
import { useResultGrid } from '@/lib/queries/results';
import { useRecalculateEvent } from '../api/results';
import { divisionPublished, findCell } from '../rules/matrix';
import { draftEventNotice } from '../rules/publication';
import { MatrixCell } from './matrix-cell';
import { formatClock } from '@/lib/dates';
import { columnGroups, hasGroups, resultWorkouts } from '@/lib/workout-parts';

export function leaderboardPreviewPath(eventId: string, divisionId: string): string {
  return `/public/events/${eventId}/divisions/${divisionId}/leaderboard?includeUnpublished=1`;
}

/** Divisions × workouts: entry progress, publication and the Enter / Publish / Unpublish actions.
 * Without `canPublish` (a scorer) only Enter is offered. */
export function ResultsMatrix({ event, canPublish }: { event: Event; canPublish: boolean }) {
  const grid = useResultGrid(event.id);
  const recalculate = useRecalculateEvent(event.id);
  const { divisions } = event; // by name, as the server sends them
  // A column a workout that takes results, in workout order: a workout with parts has none of
  // its own, its parts stand under its name (docs/scoring.md, "Multi-part workouts").
  const workouts = resultWorkouts(event.workouts);
  const groups = columnGroups(workouts, event.workouts);
  const grouped = hasGroups(groups);

  const recalc = (
    <Button variant="secondary" size="sm" disabled={recalculate.isPending} onClick={() => recalculate.mutate()}>
      {recalculate.isPending ? 'Recalculating…' : 'Recalculate All Scores'}
    </Button>
  );

  return (
    <Card title="Results Entry Matrix" actions={canPublish ? recalc : undefined}>
      {draftEventNotice(event.status, canPublish) && (
        <p role="note" className="mb-3 rounded-md border border-slate-300 bg-slate-50 p-2 text-sm text-slate-700">
          {draftEventNotice(event.status, canPublish)}
        </p>
      )}
      {recalculate.isSuccess && (
        <p role="status" className="mb-3 rounded-md bg-green-50 p-2 text-sm text-green-800">
          All scores recalculated at {formatClock(new Date(recalculate.submittedAt))}.
        </p>
      )}
      {recalculate.isError && (
        <div className="mb-3">
          <InlineAlert message={failureText('Recalculation failed', recalculate.error)} onDismiss={recalculate.reset} />
        </div>
      )}
      {workouts.length === 0 || divisions.length === 0 ? (
        <EmptyState title="No workouts or divisions found for this event." />
      ) : grid.isPending ? (
        <LoadingPlaceholder />
      ) : grid.isError ? (
        <ErrorPanel title="Failed to load results data" error={grid.error} onRetry={() => void grid.refetch()} />
      ) : (
        <div className="overflow-x-auto">
          <table className="border-collapse text-sm">
            <thead>
              {/* With parts, two rows: each workout with parts over its parts' columns; every other column spans both. */}
              <tr>
                <th className={th} rowSpan={grouped ? 2 : undefined}>
                  Division
                </th>
                {groups.flatMap((g) =>
                  g.header
                    ? [
                        <th key={g.header.id} scope="colgroup" colSpan={g.columns.length} className={`${th} text-center`}>
                          {g.header.name}
                        </th>,
                      ]
                    : g.columns.map((w) => <WorkoutHeading key={w.id} eventId={event.id} workout={w} rowSpan={grouped ? 2 : undefined} />),
                )}
              </tr>
              {grouped && (
                <tr>
                  {groups.flatMap((g) => (g.header ? g.columns.map((w) => <WorkoutHeading key={w.id} eventId={event.id} workout={w} label={`${g.header?.name} — ${w.name}`} />) : []))}
                </tr>
              )}
            </thead>
            <tbody>
              {divisions.map((division) => {
                const progress = divisionPublished(grid.data.cells, division.id);
                return (
                  <tr key={division.id}>
                    <th scope="row" className="min-w-40 border border-slate-200 bg-slate-50 p-2 text-left align-top">
                      <div className="font-semibold">{division.name}</div>
                      <div className="mt-1 text-xs font-normal text-slate-500">
                        Published {progress.published}/{progress.total}
                      </div>
                      <ProgressBar value={progress.published} total={progress.total} color="green" label={`${division.name} published`} />
                      <a
                        href={leaderboardPreviewPath(event.id, division.id)}
                        target="_blank"
                        rel="noreferrer"
                        className="mt-2 inline-block text-xs font-normal text-blue-700 hover:underline"
                      >
                        Leaderboard ↗
                      </a>
                    </th>
                    {workouts.map((w) => (
                      <MatrixCell key={w.id} eventId={event.id} cell={findCell(grid.data.cells, division.id, w.id)} canPublish={canPublish} />
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

const th = 'border border-slate-200 bg-slate-50 p-2 text-left';

/** A workout's column heading with its Heats link; label names a part with its workout. */
function WorkoutHeading({ eventId, workout, rowSpan, label }: { eventId: string; workout: Workout; rowSpan?: number; label?: string }) {
  const role = useRole();
  return (
    <th className={th} rowSpan={rowSpan}>
      <div>{workout.name}</div>
      {mayOpenPage(role, heatsPath(eventId, workout.id)) && (
        <Link to={heatsPath(eventId, workout.id)} className="text-xs font-normal text-blue-700 hover:underline" aria-label={`Heats of ${label ?? workout.name}`}>
          Heats
        </Link>
      )}
    </th>
  );
}
