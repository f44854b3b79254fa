import { memo, useMemo } from 'react';
import { useEventLanguage } from '@/lib/i18n/use-event-language';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { cn } from '@/components/cn';
import { BOARD_PAGE_SIZE, GrowingListView, useGrowingList } from '@/components/show-more';
import { useMediaQuery } from '@/components/use-media-query';
import { isNotFound, publicQueries, REFRESH_MS } from '@/features/public/api/public';
import type { WorkoutLeaderboard, WorkoutLeaderboardRow } from '@/features/public/api/types';
import { ComingSoon } from '@/features/public/components/coming-soon';
import { CompactBoard, type BoardLine } from '@/features/public/components/compact-board';
import { AdminPreviewNote, previewQuery, usePreviewRequested } from '@/features/public/components/admin-preview';
import { FrozenNote } from '@/features/public/components/frozen-note';
import { ButtonLink } from '@/components/button';
import { LastUpdated, NotFoundPage, PageError, PageLoading, PageNotice } from '@/features/public/components/common';
import { RankMark, ResultMarks, ResultValue, StatusIcon } from '@/features/public/components/result-bits';
import { WorkoutSwitcher } from '@/features/public/components/workout-switcher';
import { OnlineQualifierBadge, WorkoutWindow } from '@/features/public/components/online-qualifier';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { entrantCount, entrantWord, formatPoints, rosterLine, scoringDescription, workoutTypeLabel } from '@/features/public/rules/display';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { pageTitles } from '@/features/public/rules/titles';

/** Points as the server sends them: null (a dash) for teams without a result and DNS. */
const rowPoints = (row: WorkoutLeaderboardRow): string => formatPoints(row.points);
const rowRank = (row: WorkoutLeaderboardRow) => (row.isPlaceholder ? null : (row.displayRank ?? row.rank));

const teamPath = (teamId: string) => `/public/teams/${teamId}`;

// The rows are memoised: the page re-renders as its live stream opens and its fetch state
// changes, and the rows need not (docs/architecture.md, "The spectator's first load").
const ResultsTable = memo(function ResultsTable({ rows, teamSize, label }: { rows: WorkoutLeaderboardRow[]; teamSize: number; label: string }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label}>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="w-24 px-4 py-3 text-center">{t('board.rank')}</th>
            <th scope="col" className="px-4 py-3 text-left">{entrantWord(teamSize)}</th>
            <th scope="col" className="px-4 py-3 text-left">{t('board.result')}</th>
            <th scope="col" className="px-4 py-3 text-right">{t('board.points')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.teamId} className={cn(row.isPlaceholder && 'text-slate-500')}>
              <td className="px-4 py-3 text-center">
                <RankMark rank={rowRank(row)} />
              </td>
              <td className="px-4 py-3">
                <Link to={teamPath(row.teamId)} className="font-semibold text-slate-900 hover:text-blue-700 hover:underline">
                  {row.teamName}
                </Link>
                {rosterLine(row) && <div className="text-xs text-slate-500">{rosterLine(row)}</div>}
              </td>
              <td className="px-4 py-3">
                <span className="inline-flex flex-wrap items-center gap-2">
                  <ResultValue status={row.status} result={row.result} />
                  <StatusIcon status={row.status} />
                  <ResultMarks scaled={row.scaled} penaltyText={row.penaltyText} />
                </span>
              </td>
              <td className="px-4 py-3 text-right font-bold tabular-nums">{rowPoints(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
});

/** The phone board's lines: rank, name and points; a tap shows the result and the athletes. */
function resultLines(data: WorkoutLeaderboard, t: TFunction): BoardLine[] {
  const { event, division } = data;
  return data.results.map((row) => ({
    id: row.teamId,
    rank: rowRank(row),
    name: row.teamName,
    figure: rowPoints(row),
    figureLabel: t('board.points'),
    muted: row.isPlaceholder,
    details: () => (
      <>
        <p className="inline-flex items-center gap-2 text-sm">
          <ResultValue status={row.status} result={row.result} />
          <StatusIcon status={row.status} />
          <ResultMarks scaled={row.scaled} penaltyText={row.penaltyText} />
        </p>
        {rosterLine(row) && <p className="mt-1 break-words text-xs text-slate-500">{rosterLine(row)}</p>}
      </>
    ),
    bookmark: { id: row.teamId, name: row.teamName, divisionId: division.id, divisionName: division.name, eventId: event.id, eventName: event.name },
  }));
}

/** The results table needs the width of Tailwind's md breakpoint; narrower screens get cards. */
const TABLE_QUERY = '(min-width: 768px)';

export default function WorkoutLeaderboardRoute() {
  const { t } = useTranslation();
  const { eventId, divisionId, workoutId } = useParams();
  const ok = !!eventId && !!divisionId && !!workoutId;
  const preview = usePreviewRequested();
  const { query, softError } = useLiveQuery(
    { ...publicQueries.workoutLeaderboard(eventId ?? '', divisionId ?? '', workoutId ?? '', preview), enabled: ok },
    REFRESH_MS.divisionLeaderboard,
    // An admin preview shows drafts, which the stream never announces: it polls.
    preview ? undefined : eventId,
  );
  const wide = useMediaQuery(TABLE_QUERY);
  const board = useGrowingList(query.data?.results ?? []);
  const lines = useMemo(() => (query.data ? resultLines(query.data, t) : []), [query.data, t]);
  usePageTitle(query.data ? pageTitles.workout(query.data.workout.name, query.data.division.name, query.data.event.name) : undefined);
  useEventLanguage(query.data?.event.defaultLanguage);
  if (!eventId || !divisionId || !workoutId) return <PageNotice message={t('board.workoutIdsRequired')} />;
  if (query.isPending) return <PageLoading text={t('board.loadingWorkout')} />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <NotFoundPage
          message={t('board.workoutNotFound')}
          crumbs={[
            { label: t('header.events'), to: '/public/events' },
            { label: t('tabs.leaderboard'), to: `/public/events/${eventId}/leaderboard` },
            { label: t('board.division'), to: `/public/events/${eventId}/divisions/${divisionId}/leaderboard` },
            { label: t('page.notFound') },
          ]}
          backTo={`/public/events/${eventId}/leaderboard`}
        >
          <ButtonLink to={`/public/events/${eventId}/leaderboard`}>{t('board.back')}</ButtonLink>
        </NotFoundPage>
      );
    return <PageError message={t('board.loadFailedWorkout')} />;
  }
  const { event, division, workout, results, workouts } = query.data;
  const type = workout.scoringType;
  const empty = results.length === 0 || results.every((r) => r.isPlaceholder);
  return (
    <div>
      <Breadcrumbs
        items={[
          { label: t('header.events'), to: '/public/events' },
          { label: event.name, to: `/public/events/${eventId}${previewQuery(preview)}` },
          { label: t('tabs.leaderboard'), to: `/public/events/${eventId}/leaderboard${previewQuery(preview)}` },
          { label: division.name, to: `/public/events/${eventId}/divisions/${divisionId}/leaderboard${previewQuery(preview)}` },
          { label: workout.name },
        ]}
      />
      <AdminPreviewNote shown={query.data.includeUnpublished} draft={query.data.event.draft} />
      <FrozenNote frozen={query.data.event.frozen} />
      <div className="mb-3 flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:mb-5 sm:flex-row sm:items-end sm:justify-between sm:gap-4 sm:p-5">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{workout.name}</h1>
            <span className="rounded-full bg-purple-100 px-2.5 py-0.5 text-xs font-semibold text-purple-800">{workoutTypeLabel(type)}</span>
          </div>
          <p className="mt-1 text-sm text-slate-600">
            {division.name} • {entrantCount(results.length, division.teamSize)}
          </p>
          <p className="mt-1 text-sm font-medium text-slate-700">{scoringDescription(type, workout.timeCapText)}</p>
          {workout.releaseText && (
            <div className="mt-2">
              <OnlineQualifierBadge />
              <WorkoutWindow releaseText={workout.releaseText} deadlineText={workout.deadlineText} />
            </div>
          )}
          <div className="mt-2">
            <LastUpdated at={query.data.lastUpdated} softError={softError} fetching={query.isFetching} />
          </div>
        </div>
        <WorkoutSwitcher eventId={eventId} divisionId={divisionId} workouts={workouts} current={workout.id} preview={preview} />
      </div>
      {empty ? (
        <ComingSoon text={t('board.soonWorkout')} />
      ) : (
        wide ? (
          <GrowingListView list={board} first={BOARD_PAGE_SIZE} noun="teams">
            {(shown) => <ResultsTable rows={shown} teamSize={division.teamSize} label={t('board.results', { name: workout.name })} />}
          </GrowingListView>
        ) : (
          <CompactBoard lines={lines} label={t('board.results', { name: workout.name })} individual={division.teamSize === 1} />
        )
      )}
    </div>
  );
}
