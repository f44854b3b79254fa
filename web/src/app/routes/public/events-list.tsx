import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '@/components/cn';
import { publicQueries, type EventFilterStatus } from '@/features/public/api/public';
import type { PublicEvent } from '@/features/public/api/types';
import { CalendarIcon, PinIcon } from '@/features/public/components/icons';
import { EventStatusBadge, PageError, PageLoading } from '@/features/public/components/common';
import { dateRangeText } from '@/features/public/rules/display';
import { localDay, upcomingFirst } from '@/features/public/rules/events';
import { pageTitles } from '@/features/public/rules/titles';
import { usePageTitle } from '@/features/public/hooks/use-page-title';

const EVENT_FILTERS: { value: EventFilterStatus; label: string }[] = [
  { value: 'published', label: 'event.status.published' },
  { value: 'in_progress', label: 'event.status.in_progress' },
  { value: 'archived', label: 'event.status.archived' },
];
const DEFAULT_EVENT_FILTER: EventFilterStatus[] = ['published', 'in_progress'];
/** How long the search waits after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300;

/** value, once it has stayed the same for ms. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function EventGrid({ events, live = false }: { events: PublicEvent[]; live?: boolean }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <EventCard key={event.id} event={event} live={live} />
      ))}
    </div>
  );
}

function EventCard({ event, live = false }: { event: PublicEvent; live?: boolean }) {
  const { t } = useTranslation('site');
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
            {t('events.live')}
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
          {t('events.viewLeaderboard')}
        </Link>
        {event.detailsVisible && (
          <Link
            to={`/public/events/${event.id}`}
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            {t('events.eventDetails')}
          </Link>
        )}
      </div>
    </article>
  );
}

export default function EventsListRoute() {
  const { t } = useTranslation('site');
  const [statuses, setStatuses] = useState<EventFilterStatus[]>(DEFAULT_EVENT_FILTER);
  const [registrationOpen, setRegistrationOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useSettled(search, SEARCH_DELAY_MS);
  const query = useQuery(publicQueries.events(statuses, { registrationOpen, q }));
  usePageTitle(pageTitles.events());
  // Read once per render: a list left open past midnight moves on at its next render.
  const groups = query.data ? upcomingFirst(query.data, localDay(new Date())) : undefined;
  const toggle = (value: EventFilterStatus) =>
    setStatuses((current) => (current.includes(value) ? current.filter((s) => s !== value) : [...current, value]));
  // A heading names each group once there is more than one.
  const headed = !!groups && [groups.live, groups.upcoming, groups.past].filter((g) => g.length > 0).length > 1;

  return (
    <div>
      <div className="mb-6">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('events.title')}</h1>
        <p className="mt-1 text-sm text-slate-600">{t('events.intro')}</p>
      </div>
      <div className="mb-6 flex flex-col gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 sm:flex-row sm:items-center sm:gap-3">
          <span>{t('events.search')}</span>
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('events.searchPlaceholder')}
            maxLength={100}
            className="w-full rounded-md border border-slate-300 px-3 py-2 text-base font-normal text-slate-900 sm:max-w-sm sm:text-sm"
          />
        </label>
        <fieldset className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <legend className="sr-only">{t('events.filterLegend')}</legend>
          <span className="text-sm font-medium text-slate-700">{t('events.show')}</span>
          {EVENT_FILTERS.map((f) => (
            <label key={f.value} className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                className="h-4 w-4 rounded border-slate-300 accent-blue-600"
                checked={statuses.includes(f.value)}
                onChange={() => toggle(f.value)}
              />
              {t(f.label)}
            </label>
          ))}
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 rounded border-slate-300 accent-green-600"
              checked={registrationOpen}
              onChange={(e) => setRegistrationOpen(e.target.checked)}
            />
            {t('events.registrationOpen')}
          </label>
        </fieldset>
      </div>
      {query.isPending ? (
        <PageLoading text={t('events.loading')} />
      ) : query.isError ? (
        <PageError message={t('events.loadFailed')} />
      ) : !groups || query.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center text-slate-600">
          {t('events.none')}
        </p>
      ) : (
        <>
          {groups.live.length > 0 && (
            <section aria-labelledby="live-now" className="mb-6">
              <h2 id="live-now" className="mb-3 text-lg font-semibold text-slate-900">
                {t('events.liveNow')}
              </h2>
              <EventGrid events={groups.live} live />
            </section>
          )}
          {groups.upcoming.length > 0 && (
            <section aria-labelledby={headed ? 'upcoming' : undefined} className="mb-6">
              {headed && (
                <h2 id="upcoming" className="mb-3 text-lg font-semibold text-slate-900">
                  {t('events.upcoming')}
                </h2>
              )}
              <EventGrid events={groups.upcoming} />
            </section>
          )}
          {groups.past.length > 0 && (
            <section aria-labelledby={headed ? 'past' : undefined}>
              {headed && (
                <h2 id="past" className="mb-3 text-lg font-semibold text-slate-900">
                  {t('events.past')}
                </h2>
              )}
              <EventGrid events={groups.past} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
