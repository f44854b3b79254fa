// The floor (docs/venue.md): /public/events/{eventId}/floor, "On the floor now" and "Up next"
// from the published heat schedule and the viewer's clock, with a countdown, the lanes and
// teams, and the heat's results once published. Linked from the Schedule tab.
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('site');
  const { schedule, now, current } = useCurrentHeats(eventId, 1000);
  const divisions = current.now ? heatDivisions(current.now.lanes) : [];
  const { boards } = useDivisionBoards(eventId, divisions);
  usePageTitle(schedule.data ? t('floor.pageTitle', { event: schedule.data.eventName }) : undefined);

  if (schedule.isPending) return <PageLoading />;
  if (!schedule.data) {
    if (isNotFound(schedule.error))
      return (
        <NotFoundPage message={t('schedule.notFound')} crumbs={[{ label: t('header.events'), to: '/public/events' }, { label: t('page.notFound') }]} backTo="/public/events">
          <ButtonLink to="/public/events">{t('page.backToEvents')}</ButtonLink>
        </NotFoundPage>
      );
    return <PageError message={t('schedule.loadFailed')} backToEvents />;
  }
  const { now: onFloor, next } = current;
  const timeZone = schedule.data.timeZone || 'UTC';
  const results = onFloor ? heatResults(boards.map((b) => b.data), onFloor.workoutId) : undefined;

  return (
    <div>
      <h1 className="mb-4 break-words text-2xl font-bold text-slate-900 sm:text-3xl">{t('floor.title', { event: schedule.data.eventName })}</h1>
      <EventTabs eventId={eventId} active="schedule" detailsVisible={schedule.data.detailsVisible} />
      {!onFloor && !next ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
          {t('floor.none')}{' '}
          <Link to={`/public/events/${eventId}/schedule`} className="text-blue-700 underline">
            {t('floor.seeSchedule')}
          </Link>
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {onFloor && (
            <FloorHeatCard
              label={t('schedule.onFloorNow')}
              tone="now"
              heat={onFloor}
              clock={t('floor.started', { time: countdownText(now - Date.parse(onFloor.startTime)) })}
              results={results}
              timeZone={timeZone}
            />
          )}
          {next && <FloorHeatCard label={t('schedule.upNext')} tone="next" heat={next} timeZone={timeZone} clock={t('floor.startsIn', { time: countdownText(Date.parse(next.startTime) - now) })} />}
        </div>
      )}
      <p className="mt-4 text-xs text-slate-500">{heatZoneNote(timeZone)}</p>
    </div>
  );
}
