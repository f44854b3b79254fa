import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { cn } from '@/components/cn';
import { publicQueries, type EventFilterStatus } from '@/features/public/api/public';
import type { PublicEvent } from '@/features/public/api/types';
import { CalendarIcon, PinIcon } from '@/features/public/components/icons';
import { EventStatusBadge, PageError, PageLoading } from '@/features/public/components/common';
import { dateRangeText } from '@/features/public/rules/display';
import { liveFirst, localDay } from '@/features/public/rules/events';
import { pageTitles } from '@/features/public/rules/titles';
import { usePageTitle } from '@/features/public/hooks/use-page-title';

const EVENT_FILTERS: { value: EventFilterStatus; label: string }[] = [
  { value: 'published', label: 'Published' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'archived', label: 'Archived' },
];
const DEFAULT_EVENT_FILTER: EventFilterStatus[] = ['published', 'in_progress'];

function EventCard({ event, live = false }: { event: PublicEvent; live?: boolean }) {
  return (
    <article
      className={cn(
        'flex flex-col rounded-xl border bg-white p-5 shadow-sm transition-shadow hover:shadow-md',
        live ? 'border-red-200 ring-1 ring-red-200' : 'border-slate-200',
      )}
    >
      <div className="mb-2 flex items-center gap-2">
        <EventStatusBadge status={event.status} />
        {live && (
          <span className="inline-flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-red-700">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-red-600" />
            Live
          </span>
        )}
      </div>
      <h2 className="text-lg font-semibold text-slate-900">{event.name}</h2>
      <p className="mt-1 flex items-center gap-1.5 text-sm text-slate-600">
        <CalendarIcon className="h-4 w-4 shrink-0 text-slate-400" />
        {dateRangeText(event.dateFrom, event.dateTo, event.dateRange)}
      </p>
      {event.location && (
        <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600">
          <PinIcon className="h-4 w-4 shrink-0 text-slate-400" />
          {event.location}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2 pt-1 sm:mt-auto">
        <Link
          to={`/public/events/${event.id}/leaderboard`}
          className="inline-flex items-center rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700"
        >
          View Leaderboard
        </Link>
        {event.detailsVisible && (
          <Link
            to={`/public/events/${event.id}`}
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Event Details
          </Link>
        )}
      </div>
    </article>
  );
}

export default function EventsListRoute() {
  const [statuses, setStatuses] = useState<EventFilterStatus[]>(DEFAULT_EVENT_FILTER);
  const query = useQuery(publicQueries.events(statuses));
  usePageTitle(pageTitles.events());
  // Read once per render: a list left open past midnight moves on at its next render.
  const groups = query.data ? liveFirst(query.data, localDay(new Date())) : undefined;
  const toggle = (value: EventFilterStatus) =>
    setStatuses((current) => (current.includes(value) ? current.filter((s) => s !== value) : [...current, value]));

  return (
    <div>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Events</h1>
        <p className="mt-1 text-sm text-slate-600">Follow live results of team fitness competitions.</p>
      </div>
      <fieldset className="mb-6 flex flex-wrap items-center gap-x-5 gap-y-2 rounded-lg border border-slate-200 bg-white px-4 py-3">
        <legend className="sr-only">Filter events by status</legend>
        <span className="text-sm font-medium text-slate-700">Show:</span>
        {EVENT_FILTERS.map((f) => (
          <label key={f.value} className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 accent-blue-600"
              checked={statuses.includes(f.value)}
              onChange={() => toggle(f.value)}
            />
            {f.label}
          </label>
        ))}
      </fieldset>
      {query.isPending ? (
        <PageLoading text="Loading events..." />
      ) : query.isError ? (
        <PageError message="Failed to load events. Please try again later." />
      ) : !groups || query.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          No events found with the selected filters.
        </p>
      ) : (
        <>
          {groups.live.length > 0 && (
            <section aria-labelledby="live-now" className="mb-6">
              <h2 id="live-now" className="mb-3 text-lg font-semibold text-slate-900">
                Live now
              </h2>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {groups.live.map((event) => (
                  <EventCard key={event.id} event={event} live />
                ))}
              </div>
            </section>
          )}
          {groups.rest.length > 0 && (
            <section aria-label={groups.live.length > 0 ? 'All events' : undefined}>
              {groups.live.length > 0 && <h2 className="mb-3 text-lg font-semibold text-slate-900">All events</h2>}
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {groups.rest.map((event) => (
                  <EventCard key={event.id} event={event} />
                ))}
              </div>
            </section>
          )}
        </>
      )}
    </div>
  );
}
