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
import { AdminPreviewNote, previewQuery, usePreviewRequested } from '@/features/public/components/admin-preview';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { athletes, formatDay, formatNumber, formatPoints } from '@/features/public/rules/display';
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
  return (
    <article className={cn('flex flex-col rounded-xl border p-4', tone)}>
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{r.workout.name}</h3>
        <StatusIcon status={r.status} className="text-lg" />
      </div>
      {position !== null && <p className="text-xs text-slate-500">Workout {position}</p>}
      <p className="mt-3 text-lg">
        <ResultValue status={r.status} result={r.result} />
      </p>
      <ResultMarks scaled={r.scaled} penaltyText={r.penaltyText} />
      {(r.rank !== null || r.points !== null) && (
        <p className="mt-1 text-sm text-slate-700">
          {r.rank !== null && `Rank: #${r.rank}`}
          {r.rank !== null && r.points !== null && ' • '}
          {r.points !== null && `${formatNumber(r.points)} points`}
        </p>
      )}
      <div className="mt-4 pt-1 sm:mt-auto">
        {ranked ? (
          <ButtonLink
            size="sm"
            to={`/public/events/${details.event.id}/divisions/${details.division.id}/workouts/${r.workout.id}/leaderboard`}
          >
            Workout Leaderboard
          </ButtonLink>
        ) : (
          <span className="inline-block rounded-full bg-white/70 px-2.5 py-1 text-xs font-medium text-slate-600">
            {withdrawn && (r.status === 'dns' || r.status === 'not_started') ? 'Withdrawn' : r.status === 'not_started' ? 'Not Started' : 'Incomplete'}
          </span>
        )}
      </div>
    </article>
  );
}

export default function TeamDetailsRoute() {
  const { teamId } = useParams();
  const preview = usePreviewRequested();
  const { query, softError } = useLiveQuery(
    { ...publicQueries.team(teamId ?? '', preview), enabled: !!teamId },
    REFRESH_MS.team,
    // An admin preview shows drafts, which the stream never announces: it polls.
    preview ? undefined : (team) => team.event.id,
  );
  usePageTitle(query.data ? pageTitles.team(query.data.team.name, query.data.event.name) : undefined);
  if (!teamId) return <PageNotice message="Team ID is required" />;
  if (query.isPending) return <PageLoading text="Loading team details..." />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <NotFoundPage message="Team not found." crumbs={[{ label: 'Events', to: '/public/events' }, { label: 'Not found' }]} backTo="/public/events">
          <ButtonLink to="/public/events">Back to Events</ButtonLink>
        </NotFoundPage>
      );
    const status = query.error instanceof ApiError ? query.error.status : 0;
    const message = status > 0 && status < 500 && query.error.message ? query.error.message : 'Failed to load team details. Please try again later.';
    return <PageError message={message} />;
  }
  const d = query.data;
  const { team, division, event, completionStats } = d;
  const results = d.workoutResults; // in workout order, as the server sends them
  const best = bestWorkoutRank(results);
  const withdrawn = d.withdrawn;
  const percent = Math.round(completionStats.completionPercentage);
  const names = athletes(team.athlete1Name, team.athlete2Name);
  const q = previewQuery(preview);
  return (
    <div>
      <Breadcrumbs
        items={[
          { label: 'Events', to: '/public/events' },
          { label: event.name, to: `/public/events/${event.id}${q}` },
          { label: 'Teams', to: `/public/events/${event.id}/teams${q}` },
          { label: team.name },
        ]}
      />
      <AdminPreviewNote shown={d.includeUnpublished} draft={event.draft} />
      <section className="mb-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <div className="flex items-center gap-1">
              <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{team.name}</h1>
              {withdrawn && <span className="ml-1 rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Withdrawn</span>}
              <BookmarkStar
                team={{ id: team.id, name: team.name, divisionId: division.id, divisionName: division.name, eventId: event.id, eventName: event.name }}
              />
            </div>
            {names && (
              <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-slate-700">
                <UsersIcon className="h-4 w-4 text-slate-400" />{' '}
                <AthleteLinks
                  athletes={[
                    { name: team.athlete1Name, id: team.athlete1Id },
                    { name: team.athlete2Name, id: team.athlete2Id },
                  ]}
                />
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
            View Division Leaderboard
          </ButtonLink>
        </div>
      </section>

      <section className="mb-6">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-xl font-semibold text-slate-900">Overall Performance</h2>
          <LastUpdated at={d.lastUpdated} softError={softError} fetching={query.isFetching} />
        </div>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Tile
            label="Division Rank"
            value={withdrawn ? 'Withdrawn' : d.overallRank !== null ? `#${d.overallRank}` : '—'}
            sub={`of ${d.divisionStats.totalTeams} teams`}
          />
          <Tile label="Total Points" value={formatPoints(d.totalPoints)} />
          <Tile
            label="Progress"
            value={withdrawn ? 'Withdrawn' : `${percent}%`}
            sub={`${completionStats.workoutsCompleted}/${completionStats.totalWorkouts} workouts`}
          />
          <Tile label="Best Workout Rank" value={best !== null ? `#${best}` : '—'} />
        </div>
        {!withdrawn && (
          <PercentBar percent={completionStats.completionPercentage} color={percent >= 100 ? 'green' : 'blue'} label="Team progress" className="mt-3" />
        )}
      </section>

      <TeamHeats eventId={event.id} teamId={team.id} />

      <section>
        <h2 className="mb-3 text-xl font-semibold text-slate-900">Workout Results ({results.length})</h2>
        {results.length === 0 ? (
          <p className="text-sm text-slate-500">No workouts yet.</p>
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
