import { useMemo, useState } from 'react';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { EmptyState } from '@/components/empty-state';
import { ErrorPanel } from '@/components/error-panel';
import { FormField, Select } from '@/components/form-field';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { useEventActivity } from '../api/history';
import { formatDateTime } from '@/lib/dates';

/** Every kind of thing the feed records, as the "What" filter offers them (the feed's entity words). */
const ENTITY_KINDS: [entity: string, label: string][] = [
  ['event', 'Event'],
  ['division', 'Divisions'],
  ['team', 'Teams'],
  ['workout', 'Workouts'],
  ['heat', 'Heats'],
  ['registration', 'Registrations'],
  ['invitation', 'Invitations'],
  ['volunteer', 'Volunteers'],
  ['swap', 'Crew swaps'],
  ['result', 'Results'],
  ['grant', 'Access'],
];

/** An event's activity, newest first: every setup and result change, filtered by who and what. */
export function ActivityFeed({ eventId }: { eventId: string }) {
  const activity = useEventActivity(eventId);
  const [actor, setActor] = useState('');
  const [entity, setEntity] = useState('');
  const entries = useMemo(() => activity.data?.pages.flatMap((p) => p.entries) ?? [], [activity.data]);
  const actors = useMemo(() => [...new Set(entries.map((e) => e.actor))].sort(), [entries]);
  const shown = entries.filter((e) => (!actor || e.actor === actor) && (!entity || e.entity === entity));

  if (activity.isPending) return <LoadingPlaceholder />;
  if (!activity.data) return <ErrorPanel title="Failed to load the activity" error={activity.error} onRetry={() => activity.refetch()} />;
  return (
    <Card>
      <div className="mb-4 grid gap-4 sm:grid-cols-2 lg:max-w-xl">
        <FormField label="Who" htmlFor="activity-actor">
          <Select id="activity-actor" value={actor} onChange={(e) => setActor(e.target.value)}>
            <option value="">Everyone</option>
            {actors.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField label="What" htmlFor="activity-entity">
          <Select id="activity-entity" value={entity} onChange={(e) => setEntity(e.target.value)}>
            <option value="">Everything</option>
            {ENTITY_KINDS.map(([x, label]) => (
              <option key={x} value={x}>
                {label}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      {shown.length === 0 ? (
        <EmptyState title="No activity" description={emptyText(entries.length > 0, activity.hasNextPage)} />
      ) : (
        <ol aria-label="Activity" className="divide-y divide-slate-100">
          {shown.map((e) => (
            <li key={e.cursor} className="flex flex-col gap-0.5 py-2 text-sm sm:flex-row sm:items-baseline sm:gap-4">
              <time dateTime={e.at} className="w-44 shrink-0 text-xs text-slate-500">
                {formatDateTime(e.at)}
              </time>
              <span className="flex-1 text-slate-800">{e.summary}</span>
              <span className="text-xs text-slate-500">{e.actor}</span>
            </li>
          ))}
        </ol>
      )}
      {activity.hasNextPage && (
        <div className="mt-4">
          <Button variant="secondary" onClick={() => activity.fetchNextPage()} loading={activity.isFetchingNextPage}>
            Load older
          </Button>
        </div>
      )}
      {activity.isFetchNextPageError && <ErrorPanel title="Failed to load older activity" error={activity.error} />}
    </Card>
  );
}

function emptyText(loaded: boolean, older: boolean): string {
  if (!loaded) return 'Changes to this event show here.';
  return older ? 'Nothing loaded so far matches the filter. Load older to look further back.' : 'Nothing matches the filter.';
}
