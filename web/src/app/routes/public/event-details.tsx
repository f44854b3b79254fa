import { useState } from 'react';
import { useEventLanguage } from '@/lib/i18n/use-event-language';
import { Navigate, useLocation, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { cn } from '@/components/cn';
import { Markdown } from '@/components/markdown';
import { isNotFound, publicQueries } from '@/features/public/api/public';
import { AddToCalendarLink } from '@/features/public/components/add-to-calendar';
import { AdminPreviewNote, previewQuery, usePreviewRequested } from '@/features/public/components/admin-preview';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import type { PublicEvent, PublicWorkout } from '@/features/public/api/types';
import { CalendarIcon, PinIcon } from '@/features/public/components/icons';
import { EventStatusBadge, EventTabs, PageError, PageLoading, PageNotice } from '@/features/public/components/common';
import { dateRangeText, workoutTypeLabel } from '@/features/public/rules/display';
import { VolunteerSignUp } from '@/features/crew/components/volunteer-sign-up';
import { RegisterPanel } from '@/features/registration/components/register-panel';
import { MyWaiverPanel } from '@/features/waivers/components/my-waiver';
import { athleteSignInHref, useIsAthlete } from '@/lib/auth/use-athlete';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { pageTitles } from '@/features/public/rules/titles';
import { OnlineQualifierBadge, UpcomingWorkouts, WorkoutWindow } from '@/features/public/components/online-qualifier';

function WorkoutsSection({ workouts, upcoming }: { workouts: PublicWorkout[]; upcoming: PublicEvent['upcomingWorkouts'] }) {
  // In the order the server sends (docs/architecture.md, "Where each rule lives").
  const [selected, setSelected] = useState(0);
  const current = workouts[Math.min(selected, workouts.length - 1)];
  return (
    <section className="mt-8">
      <h2 className="mb-3 text-xl font-semibold text-slate-900">Workouts</h2>
      {workouts.length === 0 || !current ? (
        upcoming.length === 0 && <p className="text-sm text-slate-500">No workouts announced yet.</p>
      ) : (
        <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
          <div role="tablist" aria-label="Workouts" className="flex overflow-x-auto border-b border-slate-200">
            {workouts.map((w, i) => (
              <button
                key={w.id}
                type="button"
                role="tab"
                id={`workout-tab-${w.id}`}
                aria-selected={i === selected}
                aria-controls={`workout-panel-${w.id}`}
                onClick={() => setSelected(i)}
                className={cn(
                  'shrink-0 whitespace-nowrap border-b-2 px-4 py-3 text-sm font-medium',
                  i === selected ? 'border-blue-600 text-blue-700' : 'border-transparent text-slate-500 hover:text-slate-700',
                )}
              >
                {w.name}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={`workout-panel-${current.id}`} aria-labelledby={`workout-tab-${current.id}`} className="p-5">
            <div className="mb-3 flex flex-wrap items-center gap-2 text-xs text-slate-600">
              <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium">
                {workoutTypeLabel(current.type)}
              </span>
              {current.timeCapText && <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium">Time cap {current.timeCapText}</span>}
            </div>
            <div className="mb-3">
              <WorkoutWindow releaseText={current.releaseText} deadlineText={current.deadlineText} />
            </div>
            {current.description.trim() ? (
              <Markdown>{current.description}</Markdown>
            ) : (
              <p className="text-sm italic text-slate-500">No description provided.</p>
            )}
          </div>
        </div>
      )}
      <UpcomingWorkouts upcoming={upcoming} />
    </section>
  );
}

export default function EventDetailsRoute() {
  const { eventId } = useParams();
  const location = useLocation();
  const athlete = useIsAthlete();
  // Not polled; a live stream still brings the event's changes.
  const preview = usePreviewRequested();
  const { query } = useLiveQuery({ ...publicQueries.event(eventId ?? '', preview), enabled: !!eventId }, null, preview ? undefined : eventId);
  usePageTitle(query.data ? pageTitles.event(query.data.name) : undefined);
  useEventLanguage(query.data?.defaultLanguage);
  if (!eventId) return <PageNotice message="Event ID is required" />;
  if (query.isPending) return <PageLoading text="Loading event..." />;
  if (query.isError) {
    if (isNotFound(query.error)) return <Navigate to={`/public/events/${eventId}/leaderboard${previewQuery(preview)}`} replace />;
    return <PageError message="Failed to load event. Please try again later." backToEvents />;
  }
  const event = query.data;
  return (
    <div>
      <Breadcrumbs items={[{ label: 'Events', to: '/public/events' }, { label: event.name }]} />
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{event.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1.5">
              <CalendarIcon className="h-4 w-4 text-slate-400" /> {dateRangeText(event.dateFrom, event.dateTo, event.dateRange)}
            </span>
            {event.location && (
              <span className="inline-flex items-center gap-1.5">
                <PinIcon className="h-4 w-4 text-slate-400" /> {event.location}
              </span>
            )}
          </p>
          {event.dateFrom && !event.draft && (
            <div className="mt-3">
              <AddToCalendarLink eventId={event.id} />
            </div>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {event.online && <OnlineQualifierBadge />}
          <EventStatusBadge status={event.status} />
        </div>
      </div>
      <AdminPreviewNote shown={event.includeUnpublished} draft={event.draft} />
      <EventTabs eventId={eventId} active="details" detailsVisible={event.detailsVisible} preview={preview} />
      <RegisterPanel
        eventId={eventId}
        athlete={athlete}
        signInHref={athleteSignInHref(location.pathname)}
        registeredExtra={<MyWaiverPanel eventId={eventId} />}
      />
      {event.description.trim() && (
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 className="mb-2 text-lg font-semibold text-slate-900">About this event</h2>
          <Markdown>{event.description}</Markdown>
        </section>
      )}
      <WorkoutsSection workouts={event.workouts} upcoming={event.upcomingWorkouts} />
      {/* Volunteers are wanted before and during the event, not after it or on a draft's preview. */}
      {!event.draft && event.status !== 'completed' && event.status !== 'archived' && (
        <div className="mt-8">
          <VolunteerSignUp eventId={eventId} athlete={athlete} signInHref={athleteSignInHref(location.pathname)} />
        </div>
      )}
    </div>
  );
}
