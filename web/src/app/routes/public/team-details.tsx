import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api/client';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { ButtonLink } from '@/components/button';
import { cn } from '@/components/cn';
import { isNotFound, publicQueries, REFRESH_MS } from '@/features/public/api/public';
import type { TeamDetails, TeamWorkoutResult } from '@/features/public/api/types';
import { AthleteLinks } from '@/features/public/components/athlete-links';
import { BookmarkStar } from '@/features/public/components/bookmark-star';
import { UsersIcon } from '@/features/public/components/icons';
import { LastUpdated, NotFoundPage, PageError, PageLoading, PageNotice, PercentBar } from '@/features/public/components/common';
import { ResultMarks, ResultValue, StatusIcon } from '@/features/public/components/result-bits';
import { TeamHeats } from '@/features/public/components/team-heats';
import { WhatDoINeed } from '@/features/public/components/what-do-i-need';
import { AdminPreviewNote, previewQuery, usePreviewRequested } from '@/features/public/components/admin-preview';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { entrantCount, formatDay, formatNumber, formatPoints } from '@/features/public/rules/display';
import { rosterOf } from '@/features/public/rules/roster';
import { bestWorkoutRank } from '@/features/public/rules/teams';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { pageTitles } from '@/features/public/rules/titles';

const cardColors = {
  completed: 'border-green-200 bg-green-50',
  not_started: 'border-slate-200 bg-slate-50',
  other: 'border-orange-200 bg-orange-50',
};

function Tile({ label, value, sub }: { label: string; value: string; sub?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 text-center shadow-sm">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</p>
      {sub && <p className="mt-0.5 text-xs text-slate-500">{sub}</p>}
    </div>
  );
}

function WorkoutResultCard({ r, details, withdrawn }: { r: TeamWorkoutResult; details: TeamDetails; withdrawn: boolean }) {
  const tone = r.status === 'completed' ? cardColors.completed : r.status === 'not_started' ? cardColors.not_started : cardColors.other;
  const ranked = r.status === 'completed' && r.rank !== null;
  const position = r.workout.orderIndex;
  const { t } = useTranslation('site');
  return (
    <article className={cn('flex flex-col rounded-xl border p-4', tone)}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{r.workout.name}</h3>
        <StatusIcon status={r.status} className="text-lg" />
      </div>
      {position !== null && <p className="text-xs text-slate-500">{t('team.workoutNumber', { number: position })}</p>}
      <p className="mt-3 text-lg">
        <ResultValue status={r.status} result={r.result} />
      </p>
      <ResultMarks scaled={r.scaled} penaltyText={r.penaltyText} />
      {(r.rank !== null || r.points !== null) && (
        <p className="mt-1 text-sm text-slate-700">
          {r.rank !== null && t('team.rank', { rank: r.rank })}
          {r.rank !== null && r.points !== null && ' • '}
          {r.points !== null && t('team.points', { count: r.points, points: formatNumber(r.points) })}
        </p>
      )}
      <div className="mt-4 pt-1 sm:mt-auto">
        {ranked ? (
          <ButtonLink
            size="sm"
            to={`/public/events/${details.event.id}/divisions/${details.division.id}/workouts/${r.workout.id}/leaderboard`}
          >
            {t('team.workoutLeaderboard')}
          </ButtonLink>
        ) : (
          <span className="inline-block rounded-full bg-white/70 px-2.5 py-1 text-xs font-medium text-slate-600">
            {withdrawn && (r.status === 'dns' || r.status === 'not_started') ? t('rank.withdrawn') : r.status === 'not_started' ? t('team.notStarted') : t('team.incomplete')}
          </span>
        )}
      </div>
    </article>
  );
}

export default function TeamDetailsRoute() {
  const { t } = useTranslation('site');
  const { teamId } = useParams();
  const preview = usePreviewRequested();
  const { query, softError } = useLiveQuery(
    { ...publicQueries.team(teamId ?? '', preview), enabled: !!teamId },
    REFRESH_MS.team,
    // An admin preview shows drafts, which the stream never announces: it polls.
    preview ? undefined : (team) => team.event.id,
  );
  usePageTitle(query.data ? pageTitles.team(query.data.team.name, query.data.event.name) : undefined);
  if (!teamId) return <PageNotice message={t('team.idRequired')} />;
  if (query.isPending) return <PageLoading text={t('team.loading')} />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <NotFoundPage message={t('team.notFound')} crumbs={[{ label: t('header.events'), to: '/public/events' }, { label: t('page.notFound') }]} backTo="/public/events">
          <ButtonLink to="/public/events">{t('page.backToEvents')}</ButtonLink>
        </NotFoundPage>
      );
    const status = query.error instanceof ApiError ? query.error.status : 0;
    const message = status > 0 && status < 500 && query.error.message ? query.error.message : t('team.loadFailed');
    return <PageError message={message} />;
  }
  const d = query.data;
  const { team, division, event, completionStats } = d;
  const results = d.workoutResults; // in workout order, as the server sends them
  const best = bestWorkoutRank(results);
  const withdrawn = d.withdrawn;
  const percent = Math.round(completionStats.completionPercentage);
  const roster = rosterOf(team);
  const names = roster.length > 0 && !(roster.length === 1 && roster[0]!.name === team.name);
  const q = previewQuery(preview);
  return (
    <div>
      <Breadcrumbs
        items={[
          { label: t('header.events'), to: '/public/events' },
          { label: event.name, to: `/public/events/${event.id}${q}` },
          { label: t('tabs.teams'), to: `/public/events/${event.id}/teams${q}` },
          { label: team.name },
        ]}
      />
      <AdminPreviewNote shown={d.includeUnpublished} draft={event.draft} />
      <section className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex items-center gap-1">
              <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{team.name}</h1>
              {withdrawn && <span className="ml-1 rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{t('rank.withdrawn')}</span>}
              <BookmarkStar
                team={{ id: team.id, name: team.name, divisionId: division.id, divisionName: division.name, eventId: event.id, eventName: event.name }}
              />
            </div>
            {names && (
              <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-slate-700">
                <UsersIcon className="h-4 w-4 text-slate-400" />{' '}
                <AthleteLinks athletes={roster} />
              </p>
            )}
            <p className="mt-1 text-sm text-slate-600">
              <Link to={`/public/events/${event.id}${q}`} className="font-medium text-blue-700 hover:underline">
                {event.name}
              </Link>{' '}
              • {division.name}
            </p>
            <p className="mt-0.5 text-sm text-slate-600">
              {formatDay(event.startDate) || '—'} – {formatDay(event.endDate) || '—'}
            </p>
          </div>
          <ButtonLink variant="primary" to={`/public/events/${event.id}/divisions/${division.id}/leaderboard${q}`}>
            {t('team.viewDivisionLeaderboard')}
          </ButtonLink>
        </div>
      </section>

      <section className="mb-6">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-xl font-semibold text-slate-900">{t('team.overall')}</h2>
          <LastUpdated at={d.lastUpdated} softError={softError} fetching={query.isFetching} />
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Tile
            label={t('team.divisionRank')}
            value={withdrawn ? t('rank.withdrawn') : d.overallRank !== null ? `#${d.overallRank}` : '—'}
            sub={t('team.of', { entrants: entrantCount(d.divisionStats.totalTeams, division.teamSize) })}
          />
          <Tile label={t('team.totalPoints')} value={formatPoints(d.totalPoints)} />
          <Tile
            label={t('team.progress')}
            value={withdrawn ? t('rank.withdrawn') : `${percent}%`}
            sub={t('team.workoutsDone', { done: completionStats.workoutsCompleted, count: completionStats.totalWorkouts })}
          />
          <Tile label={t('team.bestRank')} value={best !== null ? `#${best}` : '—'} />
        </div>
        {!withdrawn && (
          <PercentBar percent={completionStats.completionPercentage} color={percent >= 100 ? 'green' : 'blue'} label={t('team.progressLabel')} className="mt-3" />
        )}
      </section>

      <TeamHeats eventId={event.id} teamId={team.id} />

      {!withdrawn && !d.includeUnpublished && (
        <WhatDoINeed
          eventId={event.id}
          teamId={team.id}
          workouts={results.filter((r) => r.status === 'not_started').map((r) => r.workout)}
          entrants={d.divisionStats.totalTeams}
        />
      )}

      <section>
        <h2 className="mb-3 text-xl font-semibold text-slate-900">{t('team.results', { count: results.length })}</h2>
        {results.length === 0 ? (
          <p className="text-sm text-slate-500">{t('team.noWorkouts')}</p>
        ) : (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {results.map((r) => (
              <WorkoutResultCard key={r.workout.id} r={r} details={d} withdrawn={withdrawn} />
            ))}
          </div>
        )}
      </section>
    </div>
  );
}
