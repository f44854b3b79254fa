import { scoreTypeWord } from '@/lib/i18n/words';
import { useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { FormField, Select } from '@/components/form-field';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useEventPermissions } from '@/lib/auth/use-permissions';
import { QuickActions } from '@/app/admin-shell/quick-actions';
import { useEvent } from '@/lib/queries/events';
import { ResultEntryExport } from '@/app/compositions/result-entry-export';
import { useResultGrid } from '@/lib/queries/results';
import { DownloadResultsCsv } from '@/features/results/components/download-results-csv';
import { PublicationSummary } from '@/features/results/components/publication-summary';
import { ResultEntryEditor } from '@/features/results/components/result-entry-editor';
import { fullName, resultWorkouts } from '@/lib/workout-parts';

export default function ResultEntryRoute() {
  const { eventId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const workoutId = search.get('workout') ?? '';
  const divisionId = search.get('division') ?? '';
  const event = useEvent(eventId);
  const can = useEventPermissions(eventId);
  const selected = Boolean(workoutId && divisionId);
  const grid = useResultGrid(eventId, { workoutId, divisionId }, selected);

  const choose = (key: 'workout' | 'division', value: string) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });

  if (!eventId) return <ErrorPanel title="Invalid parameters" />;
  const backToEvent = <ButtonLink to={`/admin/events/${eventId}`}>Back to Event</ButtonLink>;

  return (
    <QueryState query={event} errorTitle="Failed to load result data" notFound="Event not found">
      {(e) => {
        return (
          <>
            <Breadcrumbs items={[{ label: 'Events', to: '/admin/events' }, { label: `Event: ${e.name}`, to: `/admin/events/${eventId}` }, { label: 'Result Entry' }]} />
            <PageHeader title="Result Entry" subtitle={e.name} actions={<><DownloadResultsCsv eventId={eventId} workoutId={workoutId} divisionId={divisionId} />{backToEvent}<QuickActions eventId={eventId} /></>} />
            <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:max-w-3xl">
              <FormField label="Workout" htmlFor="entry-workout">
                <Select id="entry-workout" value={workoutId} onChange={(ev) => choose('workout', ev.target.value)}>
                  <option value="">Select workout</option>
                  {/* A workout with parts takes no results: its parts are listed, each with its name. */}
                  {resultWorkouts(e.workouts).map((w) => (
                    <option key={w.id} value={w.id}>
                      {fullName(w, e.workouts)} ({scoreTypeWord(w.scoreType)})
                    </option>
                  ))}
                </Select>
              </FormField>
              <FormField label="Division" htmlFor="entry-division">
                <Select id="entry-division" value={divisionId} onChange={(ev) => choose('division', ev.target.value)}>
                  <option value="">Select division</option>
                  {e.divisions.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </Select>
              </FormField>
            </div>
            {!selected ? (
              <EmptyState title="Select workout and division" action={backToEvent} />
            ) : grid.isPending ? (
              <LoadingPlaceholder />
            ) : grid.data === undefined ? (
              <ErrorPanel title="Failed to load result data" error={grid.error} onRetry={() => window.location.reload()} />
            ) : grid.data.rows.length === 0 ? (
              <EmptyState title="No teams found" description="There are no teams in this division to enter results for." />
            ) : (
              <>
                <PublicationSummary eventId={eventId} filter={{ workoutId, divisionId }} />
                <ResultEntryEditor
                  key={`${workoutId}:${divisionId}`}
                  eventId={eventId}
                  workoutId={workoutId}
                  divisionId={divisionId}
                  rows={grid.data.rows}
                  exportSlot={<ResultEntryExport eventId={eventId} workoutId={workoutId} divisionId={divisionId} rows={grid.data.rows} />}
                  canPublish={can.manage}
                  eventStatus={e.status}
                />
              </>
            )}
          </>
        );
      }}
    </QueryState>
  );
}
