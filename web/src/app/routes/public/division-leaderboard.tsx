import { lazy, memo, Suspense, useMemo } from 'react';
import { useEventLanguage } from '@/lib/i18n/use-event-language';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { i18n } from '@/lib/i18n/i18n';
import { Link, useNavigate, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { cn } from '@/components/cn';
import { BOARD_PAGE_SIZE, GrowingListView, useGrowingList } from '@/components/show-more';
import { useMediaQuery } from '@/components/use-media-query';
import { isNotFound, publicQueries, REFRESH_MS } from '@/features/public/api/public';
import type { BoardPage, DivisionLeaderboard, LeaderboardWorkout, Standing, StandingWorkoutResult } from '@/features/public/api/types';
import { AdminPreviewNote, previewQuery, usePreviewRequested } from '@/features/public/components/admin-preview';
import { FrozenNote } from '@/features/public/components/frozen-note';
import { ButtonLink } from '@/components/button';
import { EventTabs, LastUpdated, NotFoundPage, PageError, PageLoading, PageNotice } from '@/features/public/components/common';
import { ComingSoon } from '@/features/public/components/coming-soon';
import { CompactBoard, type BoardLine } from '@/features/public/components/compact-board';
import { DownloadCsvLink } from '@/features/public/components/download-csv-link';
import { MovementMark, RankMark, ResultMarks, ResultValue, StatusIcon } from '@/features/public/components/result-bits';
import { WorkoutSwitcher } from '@/features/public/components/workout-switcher';
import { useLiveQuery } from '@/features/public/hooks/use-live-query';
import { useQuery } from '@tanstack/react-query';
import { entrantCount, entrantWord, formatNumber, formatPoints, rosterLine, weightMark } from '@/features/public/rules/display';
import { movement, tieNote, type TieBreak } from '@/features/public/rules/ranks';
import { usePageTitle } from '@/features/public/hooks/use-page-title';
import { pageTitles } from '@/features/public/rules/titles';
import { boardGroups, grouped, type BoardGroup } from '@/features/public/rules/board-columns';

const teamPath = (teamId: string) => `/public/teams/${teamId}`;

function WorkoutCell({ r }: { r: StandingWorkoutResult | undefined }) {
  if (!r) return <span className="text-slate-400">—</span>;
  return (
    <div className="flex flex-col items-center gap-0.5">
      <span className="inline-flex items-center gap-1">
        <StatusIcon status={r.status} className="text-xs" />
        <ResultValue status={r.status} result={r.result} className="text-sm" />
        <ResultMarks scaled={r.scaled} penaltyText={r.penaltyText} unreviewed={r.unreviewed} compact />
      </span>
      {(r.points !== null || r.rank !== null) && (
        <span className="text-[11px] text-slate-500">
          {r.rank !== null && `#${r.rank}`}
          {r.rank !== null && r.points !== null && ' • '}
          {r.points !== null && i18n.t('board.pts', { points: formatNumber(r.points) })}
        </span>
      )}
    </div>
  );
}

// The rows are memoised: the page re-renders as its live stream opens and its fetch state
// changes, and the rows need not (docs/architecture.md, "The spectator's first load").
const StandingsTable = memo(function StandingsTable({
  standings,
  workouts,
  latest,
  tieBreak,
  teamSize,
  label,
}: {
  /** The table's name for screen readers. */
  label: string;
  /** The division's athletes per team: 1 heads the column "Athlete". */
  teamSize: number;
  standings: Standing[];
  workouts: LeaderboardWorkout[];
  /** The latest workout's name: what the movement marks measure. */
  latest: string | undefined;
  tieBreak: TieBreak;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const groups = boardGroups(workouts);
  const columns = groups.flatMap((g) => g.columns);
  // With parts, two heading rows: a multi-part workout over its columns; the rest span both.
  const span = grouped(groups) ? 2 : undefined;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label}>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" rowSpan={span} className="w-20 px-4 py-3 text-center">{t('board.rank')}</th>
            <th scope="col" rowSpan={span} className="px-4 py-3 text-left">{entrantWord(teamSize)}</th>
            {groups.map((g) =>
              g.header ? (
                <th key={g.header.id} scope="colgroup" colSpan={g.columns.length} className="border-b border-slate-200 px-3 pb-1 pt-3 text-center">
                  {g.header.name}
                  <GroupWeight group={g} />
                </th>
              ) : (
                g.columns.map(({ workout: w, weight }) => (
                  <th key={w.id} scope="col" rowSpan={span} className="px-3 py-3 text-center">
                    {w.name}
                    <WeightMark weight={weight} />
                  </th>
                ))
              ),
            )}
            <th scope="col" rowSpan={span} className="px-4 py-3 text-right">{t('board.total')}</th>
          </tr>
          {span && (
            <tr>
              {groups.flatMap((g) =>
                g.header
                  ? g.columns.map((c) => (
                      <th key={c.workout.id} scope="col" className="px-3 pb-3 pt-1 text-center normal-case">
                        {c.label}
                        <WeightMark weight={c.weight} />
                      </th>
                    ))
                  : [],
              )}
            </tr>
          )}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {standings.map((s) => {
            const byWorkout = new Map(s.workoutResults.map((r) => [r.workoutId, r]));
            return (
              <tr
                key={s.teamId}
                className={cn('cursor-pointer hover:bg-blue-50/50', s.rank !== null && s.rank <= 3 && 'bg-amber-50/40')}
                onClick={() => void navigate(teamPath(s.teamId))}
              >
                <td className="px-4 py-3 text-center">
                  <RankMark rank={s.rank} withdrawn={s.withdrawn} />
                  <MovementMark movement={movement(s.rank, s.previousRank)} workoutName={latest} className="ml-1" />
                </td>
                <td className="px-4 py-3">
                  <Link to={teamPath(s.teamId)} className="font-semibold text-slate-900 hover:text-blue-700 hover:underline" onClick={(e) => e.stopPropagation()}>
                    {s.teamName}
                  </Link>
                  {rosterLine(s) && <div className="text-xs text-slate-500">{rosterLine(s)}</div>}
                </td>
                {columns.map(({ workout: w }) => (
                  <td key={w.id} className="px-3 py-3 text-center">
                    <WorkoutCell r={byWorkout.get(w.id)} />
                  </td>
                ))}
                <td className="px-4 py-3 text-right">
                  <span className="text-base font-bold tabular-nums text-slate-900">{formatPoints(s.totalPoints)}</span>
                  {tieNote(s.tie, s.totalPoints, tieBreak) && <div className="text-[11px] text-slate-500">{tieNote(s.tie, s.totalPoints, tieBreak)}</div>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});

/** A team's workouts, as its open line on the phone board shows them. */
function StandingDetails({ s, workouts, tieBreak }: { s: Standing; workouts: LeaderboardWorkout[]; tieBreak: TieBreak }) {
  const byWorkout = new Map(s.workoutResults.map((r) => [r.workoutId, r]));
  const names = rosterLine(s);
  const note = tieNote(s.tie, s.totalPoints, tieBreak);
  return (
    <>
      {names && <p className="mb-2 break-words text-xs text-slate-500">{names}</p>}
      {note && <p className="mb-2 text-xs font-medium text-slate-700">{note}</p>}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {boardGroups(workouts).flatMap((g) => [
          ...(g.header ? [<GroupHeading key={`group-${g.header.id}`} group={g} />] : []),
          ...g.columns.map(({ workout: w, label, weight }) => <DetailCell key={w.id} label={label} weight={weight} r={byWorkout.get(w.id)} />),
        ])}
      </dl>
    </>
  );
}

/** A multi-part workout's name over its columns in a team's open line. */
function GroupHeading({ group }: { group: BoardGroup }) {
  return (
    <p role="heading" aria-level={3} className="col-span-full -mb-1 mt-1 break-words text-xs font-semibold text-slate-700">
      {group.header?.name}
      <GroupWeight group={group} />
    </p>
  );
}

function DetailCell({ label, weight, r }: { label: string; weight: number; r: StandingWorkoutResult | undefined }) {
  return (
    <div className="rounded-md bg-slate-50 px-2 py-1.5">
      <dt className="break-words text-[11px] font-medium text-slate-500">
        {label}
        <WeightMark weight={weight} />
      </dt>
      <dd className="mt-0.5 flex flex-wrap items-center gap-x-1 text-sm">
        {r ? (
          <>
            <StatusIcon status={r.status} className="text-xs" />
            <ResultValue status={r.status} result={r.result} />
            {r.rank !== null && <span className="text-[11px] text-slate-500">#{r.rank}</span>}
            {r.points !== null && <span className="text-[11px] text-slate-500">{formatNumber(r.points)} pts</span>}
            <ResultMarks scaled={r.scaled} penaltyText={r.penaltyText} unreviewed={r.unreviewed} />
          </>
        ) : (
          <span className="text-slate-400">—</span>
        )}
      </dd>
    </div>
  );
}

/** A combined workout's multiplier, on its name: its points are one column (board-columns.ts). */
function GroupWeight({ group }: { group: BoardGroup }) {
  const own = group.columns.some((c) => c.workout.id === group.header?.id);
  return own && group.header ? <WeightMark weight={group.header.weight} /> : null;
}

/** The phone board's lines: rank, name and total; a tap shows the workouts. */
function standingLines(data: DivisionLeaderboard, t: TFunction): BoardLine[] {
  const { event, division, workouts } = data;
  const latest = latestWorkoutName(data);
  const tieBreak = tieBreakOf(data);
  return data.standings.map((s) => ({
    id: s.teamId,
    rank: s.rank,
    name: s.teamName,
    figure: formatPoints(s.totalPoints),
    figureLabel: t('board.total'),
    withdrawn: s.withdrawn,
    mark: <MovementMark movement={movement(s.rank, s.previousRank)} workoutName={latest} />,
    details: () => <StandingDetails s={s} workouts={workouts} tieBreak={tieBreak} />,
    bookmark: { id: s.teamId, name: s.teamName, divisionId: division.id, divisionName: division.name, eventId: event.id, eventName: event.name },
  }));
}

/** How the division's ties are broken, for the tie note. */
function tieBreakOf(data: DivisionLeaderboard): TieBreak {
  if (data.tieBreak === 'shared') return { kind: 'shared' };
  const w = data.tieBreak === 'by_workout' ? data.workouts.find((x) => x.id === data.tieBreakWorkoutId) : undefined;
  return w ? { kind: 'workout', workout: w.name } : { kind: 'countback' };
}

/** The workout the movement marks measure, when some team moved with it. */
function latestWorkoutName(data: DivisionLeaderboard): string | undefined {
  return data.workouts.find((w) => w.id === data.latestWorkoutId)?.name;
}

/** A multi-part workout counts once. */
const workoutCount = (workouts: LeaderboardWorkout[]): number => workouts.filter((w) => !w.partOf).length;

const anyMoved = (standings: Standing[]): boolean =>
  standings.some((s) => s.rank !== null && s.previousRank !== null && s.rank !== s.previousRank);

// Only boards above the whole board's size need it: the phone's first screen of the others
// does not load it.
const PagedBoard = lazy(() => import('@/features/public/components/paged-board'));

/** Boards above the whole board's size (the spec's 1,000 teams) are read in pages (docs/boards.md). */
const WHOLE_BOARD_MAX = 1000;

/** The standings table needs the width of Tailwind's lg breakpoint; narrower screens get cards. */
const TABLE_QUERY = '(min-width: 1024px)';

const hasAnyResult = (standings: Standing[]): boolean =>
  standings.some((s) => s.workoutResults.some((r) => r.status !== 'not_started'));

export default function DivisionLeaderboardRoute() {
  const { t } = useTranslation();
  const { eventId, divisionId } = useParams();
  const includeUnpublished = usePreviewRequested();
  const ok = !!eventId && !!divisionId;
  const { query, softError } = useLiveQuery(
    { ...publicQueries.divisionLeaderboard(eventId ?? '', divisionId ?? '', includeUnpublished), enabled: ok },
    REFRESH_MS.divisionLeaderboard,
    // An admin preview shows drafts, which the stream never announces: it polls.
    includeUnpublished ? undefined : eventId,
  );
  // The first page, asked beside the whole board (never before it: the phone's first screen
  // waits for one answer, as before), says whether the board is one to read in pages.
  const firstPage = useQuery({ ...publicQueries.boardPage(eventId ?? '', divisionId ?? '', 1), enabled: ok && !includeUnpublished });
  const paged = !!firstPage.data && firstPage.data.total > WHOLE_BOARD_MAX;
  const wide = useMediaQuery(TABLE_QUERY);
  const board = useGrowingList(query.data?.standings ?? [], BOARD_PAGE_SIZE);
  const lines = useMemo(() => (query.data ? standingLines(query.data, t) : []), [query.data, t]);
  usePageTitle(query.data ? pageTitles.division(query.data.division.name, query.data.event.name) : undefined);
  useEventLanguage(query.data?.event.defaultLanguage);
  if (!eventId || !divisionId) return <PageNotice message={t('board.idsRequired')} />;
  if (paged && firstPage.data) return <PagedDivision eventId={eventId} first={firstPage.data} />;
  if (query.isPending) return <PageLoading text={t('board.loading')} />;
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <NotFoundPage
          message={t('board.divisionNotFound')}
          crumbs={[{ label: t('header.events'), to: '/public/events' }, { label: t('tabs.leaderboard'), to: `/public/events/${eventId}/leaderboard` }, { label: t('page.notFound') }]}
          backTo={`/public/events/${eventId}/leaderboard`}
        >
          <ButtonLink to={`/public/events/${eventId}/leaderboard`}>{t('board.back')}</ButtonLink>
        </NotFoundPage>
      );
    return <PageError message={t('board.loadFailed')} />;
  }
  const { event, division, standings } = query.data;
  const { workouts } = query.data; // in workout order, as the server sends them
  const latest = latestWorkoutName(query.data);
  const tieBreak = tieBreakOf(query.data);
  return (
    <div>
      <Breadcrumbs
        items={[
          { label: t('header.events'), to: '/public/events' },
          { label: event.name, to: `/public/events/${eventId}${previewQuery(includeUnpublished)}` },
          { label: t('tabs.leaderboard'), to: `/public/events/${eventId}/leaderboard${previewQuery(includeUnpublished)}` },
          { label: division.name },
        ]}
      />
      <EventTabs eventId={eventId} active="leaderboard" detailsVisible={event.detailsVisible} preview={includeUnpublished} />
      <AdminPreviewNote shown={query.data.includeUnpublished} draft={query.data.event.draft} />
      <FrozenNote frozen={query.data.event.frozen} />
      <div className="mb-3 flex flex-col gap-2 sm:mb-5 sm:flex-row sm:items-end sm:justify-between sm:gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-blue-700">{event.name}</p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{division.name}</h1>
          {division.description && <p className="mt-1 text-sm text-slate-600">{division.description}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span>
              {entrantCount(standings.length, division.teamSize)} • {t('board.workouts', { count: workoutCount(workouts) })}
            </span>
            <LastUpdated at={query.data.lastUpdated} softError={softError} fetching={query.isFetching} />
            {hasAnyResult(standings) && <DownloadCsvLink eventId={eventId} divisionId={divisionId} preview={query.data.includeUnpublished} />}
            {latest && anyMoved(standings) && (
              <span>
                <span aria-hidden="true">▲▼</span> {t('board.moved', { workout: latest })}
              </span>
            )}
          </div>
        </div>
        <WorkoutSwitcher eventId={eventId} divisionId={divisionId} workouts={workouts} preview={includeUnpublished} />
      </div>
      {!hasAnyResult(standings) ? (
        <ComingSoon text={t('board.soonDivision')} />
      ) : (
        wide ? (
          <GrowingListView list={board} first={BOARD_PAGE_SIZE} noun="teams">
            {(shown) => <StandingsTable standings={shown} workouts={workouts} latest={latest} tieBreak={tieBreak} teamSize={division.teamSize} label={t('board.standings', { name: division.name })} />}
          </GrowingListView>
        ) : (
          <CompactBoard lines={lines} label={t('board.standings', { name: division.name })} individual={division.teamSize === 1} />
        )
      )}
    </div>
  );
}

/** The workout's points multiplier beside its name ("×2"); nothing for ×1. */
function WeightMark({ weight }: { weight: number }) {
  const { t } = useTranslation();
  const mark = weightMark(weight);
  if (!mark) return null;
  return (
    <span className="ml-1 rounded bg-blue-100 px-1 text-[10px] font-semibold normal-case text-blue-800" title={t('board.weight', { mark })}>
      {mark}
    </span>
  );
}

/** A division's board read in pages: the heading, then the virtualised list and find-my-entry. */
function PagedDivision({ eventId, first }: { eventId: string; first: BoardPage }) {
  const { event, division } = first;
  const { t } = useTranslation();
  return (
    <div>
      <Breadcrumbs
        items={[
          { label: t('header.events'), to: '/public/events' },
          { label: event.name, to: `/public/events/${eventId}` },
          { label: t('tabs.leaderboard'), to: `/public/events/${eventId}/leaderboard` },
          { label: division.name },
        ]}
      />
      <FrozenNote frozen={event.frozen} />
      <div className="mb-3 sm:mb-5">
        <p className="text-sm font-medium text-blue-700">{event.name}</p>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{division.name}</h1>
        <div className="mt-2 text-sm text-slate-600">
          <LastUpdated at={first.lastUpdated} softError={false} fetching={false} />
        </div>
      </div>
      <Suspense fallback={<PageLoading text={t('board.loading')} />}>
        <PagedBoard first={first} label={t('board.standings', { name: division.name })} />
      </Suspense>
    </div>
  );
}
