import { useTranslation } from 'react-i18next';
import { useEventLanguage } from '@/lib/i18n/use-event-language';
import { Link, useParams } from 'react-router';
import { ButtonLink } from '@/components/button';
import { Badge } from '@/components/badge';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { isNotFound, publicQueries, REFRESH_MS } from '@/features/public/api/public';
import type { DivisionProgress } from '@/features/public/api/types';
import { EventTabs, LastUpdated, NotFoundPage, PageError, PageLoading, PageNotice, PercentBar } from '@/features/public/components/common';
import { AdminPreviewNote, previewQuery, usePreviewRequested } from '@/features/public/components/admin-preview';
import { FrozenNote } from '@/features/public/components/frozen-note';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { dateRangeText } from '@/features/public/rules/display';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { pageTitles } from '@/features/public/rules/titles';

const divisionStatus: Record<string, { label: string; color: 'gray' | 'blue' | 'green' }> = {
  not_started: { label: 'overview.status.not_started', color: 'gray' },
  in_progress: { label: 'overview.status.in_progress', color: 'blue' },
  completed: { label: 'overview.status.completed', color: 'green' },
};

function DivisionCard({ eventId, division, preview }: { eventId: string; division: DivisionProgress; preview: boolean }) {
  const { t } = useTranslation('site');
  const known = divisionStatus[division.status];
  const status = known ? { ...known, label: t(known.label) } : { label: division.status || t('overview.status.not_started'), color: 'gray' as const };
  const percent = Math.round(division.overallCompletionPercentage);
  return (
    <article className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">{division.name}</h2>
          {division.description && <p className="mt-0.5 text-sm text-slate-600">{division.description}</p>}
        </div>
        <Badge color={status.color} className="shrink-0 whitespace-nowrap">{status.label}</Badge>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {t('overview.teams', { count: division.teamCount })}
      </p>
      <div className="mt-3">
        <div className="mb-1 flex justify-between text-xs text-slate-600">
          <span>{t('overview.completion')}</span>
          <span className="font-medium">{percent}%</span>
        </div>
        <PercentBar percent={division.overallCompletionPercentage} color={percent >= 100 ? 'green' : 'blue'} label={t('overview.divisionCompletion', { name: division.name })} />
      </div>
      {division.workouts.length > 0 && (
        <ul className="mt-4 space-y-1.5">
          {division.workouts.map((w) => {
            const p = Math.max(0, Math.min(100, w.completionPercentage));
            return (
              <li key={w.id}>
                <Link
                  to={`/public/events/${eventId}/divisions/${division.id}/workouts/${w.id}/leaderboard${previewQuery(preview)}`}
                  className="relative block overflow-hidden rounded-md border border-slate-200 px-3 py-2 text-sm hover:border-blue-300"
                >
                  <span className="absolute inset-y-0 left-0 bg-blue-50" style={{ width: `${p}%` }} aria-hidden="true" />
                  <span className="relative flex justify-between gap-2">
                    <span className="truncate font-medium text-slate-800">{w.name}</span>
                    <span className="shrink-0 text-slate-600">{Math.round(p)}%</span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link
        to={`/public/events/${eventId}/divisions/${division.id}/leaderboard${previewQuery(preview)}`}
        className="mt-4 inline-flex justify-center rounded-md bg-blue-600 px-3 py-2 text-sm font-medium text-white hover:bg-blue-700"
      >
        {t('team.viewDivisionLeaderboard')}
      </Link>
    </article>
  );
}

export default function EventLeaderboardRoute() {
  const { t } = useTranslation('site');
  const { eventId } = useParams();
  const preview = usePreviewRequested();
  const { query, softError } = useLiveQuery(
    { ...publicQueries.eventLeaderboard(eventId ?? '', preview), enabled: !!eventId },
    REFRESH_MS.eventLeaderboard,
    // An admin preview shows drafts, which the stream never announces: it polls.
    preview ? undefined : eventId,
  );
  usePageTitle(query.data ? pageTitles.leaderboard(query.data.event.name) : undefined);
  useEventLanguage(query.data?.event.defaultLanguage);
  if (!eventId) return <PageNotice message={t('overview.eventIdRequired')} />;
  if (query.isPending) return <PageLoading text={t('overview.loading')} />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <NotFoundPage message={t('overview.notFound')} crumbs={[{ label: t('header.events'), to: '/public/events' }, { label: t('page.notFound') }]} backTo="/public/events">
          <ButtonLink to="/public/events">{t('page.backToEvents')}</ButtonLink>
        </NotFoundPage>
      );
    return <PageError message={t('overview.loadFailed')} />;
  }
  const { event, divisions } = query.data;
  const overall = Math.round(event.overallProgress);
  return (
    <div>
      <Breadcrumbs items={[{ label: t('header.events'), to: '/public/events' }, { label: event.name, to: `/public/events/${eventId}${previewQuery(preview)}` }, { label: t('tabs.leaderboard') }]} />
      <div className="mb-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{event.name}</h1>
        <p className="mt-1 text-sm text-slate-600">{dateRangeText(event.startDate, event.endDate)}</p>
      </div>
      <AdminPreviewNote shown={query.data.includeUnpublished} draft={event.draft} />
      <FrozenNote frozen={event.frozen} />
      <EventTabs eventId={eventId} active="leaderboard" detailsVisible={event.detailsVisible} preview={preview} />
      <section className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="mb-2 flex flex-wrap items-end justify-between gap-2">
          <h2 className="text-base font-semibold text-slate-900">{t('overview.overall')}</h2>
          <span className="text-2xl font-bold text-blue-700">{overall}%</span>
        </div>
        <PercentBar percent={event.overallProgress} color={overall >= 100 ? 'green' : 'blue'} label={t('overview.overall')} className="h-3" />
        <div className="mt-3">
          <LastUpdated at={query.data.lastUpdated} softError={softError} fetching={query.isFetching} />
        </div>
      </section>
      <h2 className="mb-3 text-xl font-semibold text-slate-900">{t('overview.divisions')}</h2>
      {divisions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">{t('overview.noDivisions')}</p>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {divisions.map((d) => (
            <DivisionCard key={d.id} eventId={eventId} division={d} preview={preview} />
          ))}
        </div>
      )}
    </div>
  );
}
