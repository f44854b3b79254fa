// The floor (docs/venue.md): /public/events/{eventId}/floor, "On the floor now" and "Up next"
// from the published heat schedule and the viewer's clock, with a countdown, the lanes and
// teams, and the heat's results once published. Linked from the Schedule tab.
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@/components/button';
import { isNotFound } from '@/features/public/api/public';
import { EventTabs, NotFoundPage, PageError, PageLoading } from '@/features/public/components/common';
import { FloorHeatCard } from '@/features/public/components/venue/floor-heat';
import { useCurrentHeats } from '@/features/public/hooks/use-current-heat';
import { useDivisionBoards } from '@/features/public/hooks/use-division-boards';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { countdownText, heatDivisions, heatResults } from '@/features/public/rules/heat-results';
import { heatZoneNote } from '@/lib/heat-time';

export default function EventFloorRoute() {
  const { eventId = '' } = useParams();
  const { schedule, now, current } = useCurrentHeats(eventId, 1000);
  const divisions = current.now ? heatDivisions(current.now.lanes) : [];
  const { boards } = useDivisionBoards(eventId, divisions);
  usePageTitle(schedule.data ? `On the floor · ${schedule.data.eventName} · Podium` : undefined);

  if (schedule.isPending) return <PageLoading />;
  if (!schedule.data) {
    if (isNotFound(schedule.error))
      return (
        <NotFoundPage message="Schedule not found." crumbs={[{ label: 'Events', to: '/public/events' }, { label: 'Not found' }]} backTo="/public/events">
          <ButtonLink to="/public/events">Back to Events</ButtonLink>
        </NotFoundPage>
      );
    return <PageError message="Failed to load the schedule. Please try again later." backToEvents />;
  }
  const { now: onFloor, next } = current;
  const timeZone = schedule.data.timeZone || 'UTC';
  const results = onFloor ? heatResults(boards.map((b) => b.data), onFloor.workoutId) : undefined;

  return (
    <div>
      <h1 className="mb-4 break-words text-2xl font-bold text-slate-900 sm:text-3xl">{schedule.data.eventName} - On the floor</h1>
      <EventTabs eventId={eventId} active="schedule" detailsVisible={schedule.data.detailsVisible} />
      {!onFloor && !next ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          No heat on the floor now and none to come.{' '}
          <Link to={`/public/events/${eventId}/schedule`} className="text-blue-700 underline">
            See the schedule
          </Link>
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {onFloor && (
            <FloorHeatCard
              label="On the floor now"
              tone="now"
              heat={onFloor}
              clock={`Started ${countdownText(now - Date.parse(onFloor.startTime))} ago`}
              results={results}
              timeZone={timeZone}
            />
          )}
          {next && <FloorHeatCard label="Up next" tone="next" heat={next} timeZone={timeZone} clock={`Starts in ${countdownText(Date.parse(next.startTime) - now)}`} />}
        </div>
      )}
      <p className="mt-4 text-xs text-slate-500">{heatZoneNote(timeZone)}</p>
    </div>
  );
}
