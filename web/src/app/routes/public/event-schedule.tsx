// The event's Schedule tab (docs/heats.md): heats by workout with their day and start time, lanes
// and teams, in the event's time zone (where the heats happen), the heat on the floor now and the
// one up next by the viewer's clock. No results:
// those are on the leaderboards. Fits a 360 px phone: long team names wrap.
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/badge';
import { ButtonLink } from '@/components/button';
import { cn } from '@/components/cn';
import type { ScheduleHeat, ScheduleLane, ScheduleWorkout } from '@/lib/api/types';
import { HeatTime } from '@/components/heat-time';
import { heatZoneNote, nowAndNext } from '@/lib/heat-time';
import { isNotFound, publicQueries, REFRESH_MS } from '@/features/public/api/public';
import { EventTabs, NotFoundPage, PageError, PageLoading } from '@/features/public/components/common';
import { AdminPreviewNote, previewQuery, usePreviewRequested } from '@/features/public/components/admin-preview';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { useNow } from '@/features/public/hooks/use-live-refresh';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { pageTitles } from '@/features/public/rules/titles';
import { rosterLine } from '@/features/public/rules/display';

type Flag = 'now' | 'next' | undefined;

/** An individual's lane is the athlete's name; every other lane its team's (docs/rosters.md). */
const laneTitle = (l: ScheduleLane) => (l.teamSize === 1 && l.athleteNames?.[0]?.trim()) || l.teamName;
/** A team's athletes in roster order under its name; nothing under an individual's. */
const laneRoster = (l: ScheduleLane) => (l.teamSize === 1 ? '' : rosterLine(l));

function HeatBlock({ heat, flag, timeZone }: { heat: ScheduleHeat; flag: Flag; timeZone: string }) {
  const preview = usePreviewRequested();
  const { t } = useTranslation('site');
  return (
    <li
      className={cn(
        'min-w-0 rounded-lg border bg-white p-3',
        flag === 'now' ? 'border-green-500 ring-1 ring-green-500' : flag === 'next' ? 'border-blue-400' : 'border-slate-200',
      )}
    >
      <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold text-slate-900">
        {t('schedule.heat', { number: heat.number })} <HeatTime className="tabular-nums font-normal text-slate-600" start={heat.startTime} planned={heat.plannedStartTime} timeZone={timeZone} withDay />
        {flag && <Badge color={flag === 'now' ? 'green' : 'blue'}>{flag === 'now' ? t('schedule.onFloor') : t('schedule.upNext')}</Badge>}
      </h3>
      <ol className="mt-2 divide-y divide-slate-100 text-sm">
        {heat.lanes.map((l) => (
          <li key={l.lane} className="flex items-baseline gap-3 py-1">
            <span className="w-8 shrink-0 text-right font-semibold tabular-nums text-slate-500">{l.lane}</span>
            <span className="min-w-0 flex-1">
              <Link to={`/public/teams/${l.teamId}${previewQuery(preview)}`} className="break-words text-slate-900 hover:text-blue-700 hover:underline">
                {laneTitle(l)}
              </Link>
              {laneRoster(l) && <span className="block break-words text-xs text-slate-600">{laneRoster(l)}</span>}
              <span className="block break-words text-xs text-slate-500">{l.divisionName}</span>
            </span>
          </li>
        ))}
      </ol>
    </li>
  );
}

function WorkoutBlock({ workout, flags, timeZone }: { workout: ScheduleWorkout; flags: Map<string, Flag>; timeZone: string }) {
  return (
    <section aria-label={workout.name} className="mb-6">
      <h2 className="mb-2 text-lg font-semibold text-slate-900">{workout.name}</h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {workout.heats.map((h) => (
          <HeatBlock key={h.id} heat={h} flag={flags.get(h.id)} timeZone={timeZone} />
        ))}
      </ul>
    </section>
  );
}

export default function EventScheduleRoute() {
  const { eventId = '' } = useParams();
  const { t } = useTranslation('site');
  const preview = usePreviewRequested();
  const { query } = useLiveQuery({ ...publicQueries.schedule(eventId, preview), enabled: !!eventId }, REFRESH_MS.team, preview ? undefined : eventId);
  const now = useNow(30_000);
  usePageTitle(query.data ? pageTitles.schedule(query.data.eventName) : undefined);
  if (query.isPending) return <PageLoading />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <NotFoundPage message={t('schedule.notFound')} crumbs={[{ label: t('header.events'), to: '/public/events' }, { label: t('page.notFound') }]} backTo="/public/events">
          <ButtonLink to="/public/events">{t('page.backToEvents')}</ButtonLink>
        </NotFoundPage>
      );
    return <PageError message={t('schedule.loadFailed')} backToEvents />;
  }
  const schedule = query.data;
  const timeZone = schedule.timeZone || 'UTC';
  const all = schedule.workouts.flatMap((w) => w.heats.map((h) => ({ ...h, workoutName: w.name })));
  const current = nowAndNext(all, new Date(now));
  const flags = new Map<string, Flag>();
  if (current.now) flags.set(current.now.id, 'now');
  if (current.next) flags.set(current.next.id, 'next');

  return (
    <div>
      <h1 className="mb-4 break-words text-2xl font-bold text-slate-900 sm:text-3xl">{t('schedule.title', { event: schedule.eventName })}</h1>
      <AdminPreviewNote shown={schedule.includeUnpublished} draft={schedule.draft} />
      <EventTabs eventId={eventId} active="schedule" detailsVisible={schedule.detailsVisible} preview={preview} />
      {schedule.workouts.length > 0 && (
        <p className="mb-4">
          <ButtonLink to={`/public/events/${eventId}/floor`}>{t('schedule.toFloor')}</ButtonLink>
        </p>
      )}
      {(current.now || current.next) && (
        <div className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-2" role="group" aria-label={t('schedule.nowAndNext')}>
          {[
            { label: t('schedule.onFloorNow'), heat: current.now },
            { label: t('schedule.upNext'), heat: current.next },
          ].map(
            ({ label, heat }) =>
              heat && (
                <p key={label} className="min-w-0 break-words rounded-lg bg-slate-900 p-3 text-white">
                  <span className="text-xs uppercase tracking-wide text-slate-300">{label}</span>
                  <br />
                  <span className="font-semibold">
                    {t('schedule.workoutHeat', { workout: heat.workoutName, number: heat.number })}
                  </span>{' '}
                  <HeatTime className="tabular-nums text-slate-300" start={heat.startTime} planned={heat.plannedStartTime} timeZone={timeZone} withDay />
                </p>
              ),
          )}
        </div>
      )}
      {schedule.workouts.length > 0 && <p className="mb-4 text-xs text-slate-500">{heatZoneNote(timeZone)}</p>}
      {schedule.workouts.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">{t('schedule.none')}</p>
      ) : (
        schedule.workouts.map((w) => <WorkoutBlock key={w.workoutId} workout={w} flags={flags} timeZone={timeZone} />)
      )}
    </div>
  );
}
