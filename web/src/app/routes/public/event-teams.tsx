import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { cn } from '@/components/cn';
import { bookmarksByEvent, clearEventBookmarks, useBookmarks } from '@/lib/bookmarks';
import { isNotFound, publicQueries, REFRESH_MS } from '@/features/public/api/public';
import type { LeaderboardTeam } from '@/features/public/api/types';
import { BookmarkStar } from '@/features/public/components/bookmark-star';
import { EventTabs, LastUpdated, NotFoundPage, PageError, PageLoading, PageNotice, PercentBar } from '@/features/public/components/common';
import { AdminPreviewNote, previewQuery, usePreviewRequested } from '@/features/public/components/admin-preview';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { dateRangeText, formatPoints, formatRank, progressPercent } from '@/features/public/rules/display';
import { teamsHeading, visibleTeams, type TeamsFilter } from '@/features/public/rules/teams';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { pageTitles } from '@/features/public/rules/titles';

function TeamCard({ team, eventId, eventName, preview }: { team: LeaderboardTeam; eventId: string; eventName: string; preview: boolean }) {
  const percent = progressPercent(team.resultsEntered, team.totalWorkouts);
  return (
    <article className="relative flex max-h-72 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900">
            <Link to={`/public/teams/${team.id}${previewQuery(preview)}`} className="after:absolute after:inset-0 hover:text-blue-700">
              {team.name}
            </Link>
          </h3>
          <p className="truncate text-xs text-slate-500">{team.divisionName}</p>
        </div>
        <BookmarkStar
          className="relative z-10 -mr-1 -mt-1"
          team={{ id: team.id, name: team.name, divisionId: team.divisionId, divisionName: team.divisionName, eventId, eventName }}
        />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
        <div className="rounded-md bg-slate-50 py-2">
          <dt className="text-[11px] uppercase tracking-wide text-slate-500">Points</dt>
          <dd className="text-lg font-bold tabular-nums text-slate-900">{formatPoints(team.totalPoints)}</dd>
        </div>
        <div className="rounded-md bg-slate-50 py-2">
          <dt className="text-[11px] uppercase tracking-wide text-slate-500">Rank</dt>
          <dd className="text-lg font-bold tabular-nums text-slate-900">{formatRank(team.overallRank)}</dd>
        </div>
      </dl>
      <div className="mt-3">
        <div className="mb-1 flex justify-between text-xs text-slate-500">
          <span>Progress</span>
          <span>
            {team.resultsEntered}/{team.totalWorkouts}
          </span>
        </div>
        <PercentBar percent={percent} color={percent >= 100 ? 'green' : 'blue'} label={`${team.name} progress`} className="h-1.5" />
      </div>
    </article>
  );
}

function Chip({ active, onClick, children }: { active: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'shrink-0 whitespace-nowrap rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
        active ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
      )}
    >
      {children}
    </button>
  );
}

export default function EventTeamsRoute() {
  const { eventId } = useParams();
  const preview = usePreviewRequested();
  const { query, softError } = useLiveQuery(
    { ...publicQueries.eventLeaderboard(eventId ?? '', preview), enabled: !!eventId },
    REFRESH_MS.team,
    preview ? undefined : eventId,
  );
  const { ids: bookmarked } = useBookmarks();
  const [filter, setFilter] = useState<TeamsFilter>({ kind: 'all' });
  const [search, setSearch] = useState('');

  usePageTitle(query.data ? pageTitles.teams(query.data.event.name) : undefined);
  if (!eventId) return <PageNotice message="Event ID is required" />;
  if (query.isPending) return <PageLoading text="Loading teams..." />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <NotFoundPage message="Event not found." crumbs={[{ label: 'Events', to: '/public/events' }, { label: 'Not found' }]} backTo="/public/events">
          <ButtonLink to="/public/events">Back to Events</ButtonLink>
        </NotFoundPage>
      );
    return <PageError message="Failed to load teams. Please try again later." backToEvents />;
  }
  const { event, divisions, teams } = query.data;
  const shown = visibleTeams(teams, filter, search, bookmarked);
  const isActive = (f: TeamsFilter) =>
    f.kind === filter.kind && (f.kind !== 'division' || (filter.kind === 'division' && filter.divisionId === f.divisionId));

  return (
    <div>
      <Breadcrumbs
        items={[{ label: 'Events', to: '/public/events' }, { label: event.name, to: `/public/events/${eventId}${previewQuery(preview)}` }, { label: 'Teams' }]}
      />
      <div className="mb-4">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{event.name} - Teams</h1>
        <p className="mt-1 text-sm text-slate-600">{dateRangeText(event.startDate, event.endDate)}</p>
      </div>
      <AdminPreviewNote shown={query.data.includeUnpublished} draft={event.draft} />
      <EventTabs eventId={eventId} active="teams" detailsVisible={event.detailsVisible} preview={preview} />
      <div className="mb-5 space-y-3">
        <div className="flex gap-2 overflow-x-auto pb-1" role="group" aria-label="Filter teams">
          <Chip active={isActive({ kind: 'all' })} onClick={() => setFilter({ kind: 'all' })}>
            All
          </Chip>
          <Chip active={isActive({ kind: 'bookmarked' })} onClick={() => setFilter({ kind: 'bookmarked' })}>
            <span aria-hidden="true">★ </span>Bookmarked
          </Chip>
          {divisions.map((d) => (
            <Chip key={d.id} active={isActive({ kind: 'division', divisionId: d.id })} onClick={() => setFilter({ kind: 'division', divisionId: d.id })}>
              {d.name}
            </Chip>
          ))}
        </div>
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search teams or divisions..."
          aria-label="Search teams or divisions"
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-500 sm:max-w-md"
        />
      </div>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          {teamsHeading(filter, divisions)} <span className="font-normal text-slate-500">({shown.length})</span>
        </h2>
        <div className="flex items-center gap-3">
          {filter.kind === 'bookmarked' && bookmarksByEvent(eventId).length > 0 && (
            <button
              type="button"
              className="text-xs font-medium text-slate-500 underline hover:text-red-700"
              onClick={() => window.confirm('Remove all bookmarked teams?') && clearEventBookmarks(eventId)}
            >
              Clear all bookmarks
            </button>
          )}
          <LastUpdated at={query.data.lastUpdated} softError={softError} fetching={query.isFetching} />
        </div>
      </div>
      {shown.length === 0 ? (
        search.trim() ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
            No teams found matching your search.
          </p>
        ) : (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <p className="font-medium text-slate-700">No teams in this category</p>
            <p className="mt-1 text-sm text-slate-500">Try switching filters or check back later.</p>
          </div>
        )
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {shown.map((t) => (
            <TeamCard key={t.id} team={t} eventId={eventId} eventName={event.name} preview={preview} />
          ))}
        </div>
      )}
    </div>
  );
}
