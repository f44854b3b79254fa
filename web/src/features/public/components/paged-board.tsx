// A board of any size in pages (docs/boards.md): a virtualised list that renders only the rows on
// screen and loads the 50-entry pages they fall in, with a find-my-entry box that searches the
// board by name and scrolls to the team's row.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/cn';
import { publicQueries } from '@/features/public/api/public';
import type { BoardPage, BoardRow } from '@/features/public/api/types';
import { RankMark } from '@/features/public/components/result-bits';
import { athletes, entrantCount, formatPoints } from '@/features/public/rules/display';
import { formatNumber } from '@/lib/i18n/format';
import { pagesOf, ROW_PX, visibleRange } from '@/features/public/rules/board-window';
import { BoardFilters, isFiltered, useBoardFilter } from '@/features/public/components/board-filters';

function useVisibleRange(ref: React.RefObject<HTMLDivElement | null>, total: number): [number, number] {
  const [range, setRange] = useState<[number, number]>(() => [0, Math.min(total, 20)]);
  useEffect(() => {
    const update = () => {
      const el = ref.current;
      if (!el) return;
      const next = visibleRange(el.getBoundingClientRect().top, window.innerHeight, total);
      setRange((prev) => (prev[0] === next[0] && prev[1] === next[1] ? prev : next));
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [ref, total]);
  return range;
}

function Row({ row, highlighted }: { row: BoardRow; highlighted: boolean }) {
  const { t } = useTranslation();
  const s = row.standing;
  const names = athletes(s.athlete1Name, s.athlete2Name);
  return (
    <div
      className={cn('flex items-center gap-3 border-b border-slate-100 px-3', highlighted && 'bg-amber-100')}
      style={{ height: ROW_PX }}
      data-position={row.position}
    >
      <div className="w-16 shrink-0 text-center">
        <RankMark rank={s.rank} withdrawn={s.withdrawn} size="sm" />
      </div>
      <div className="min-w-0 flex-1">
        <Link to={`/public/teams/${s.teamId}`} className="block truncate font-semibold text-slate-900 hover:text-blue-700 hover:underline">
          {s.teamName}
        </Link>
        {names && <div className="truncate text-xs text-slate-500">{names}</div>}
      </div>
      <div className="shrink-0 text-right">
        <div className="text-base font-bold tabular-nums text-slate-900">{formatPoints(s.totalPoints)}</div>
        <div className="text-[11px] text-slate-500">{t('board.total')}</div>
      </div>
    </div>
  );
}

function FindMyEntry({ eventId, divisionId, onFound }: { eventId: string; divisionId: string; onFound: (row: BoardRow) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const search = useQuery({ ...publicQueries.boardSearch(eventId, divisionId, q), enabled: q.length >= 2 });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
  };
  return (
    <div className="mb-3">
      <form onSubmit={submit} className="flex gap-2" role="search">
        <label htmlFor="find-my-entry" className="sr-only">
          {t('board.find')}
        </label>
        <input
          id="find-my-entry"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={t('board.findHint')}
          className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <button type="submit" className="rounded-md bg-blue-700 px-3 py-2 text-sm font-semibold text-white">
          {t('board.findButton')}
        </button>
      </form>
      {q.length > 0 && q.length < 2 && <p className="mt-1 text-xs text-red-700">{t('board.findMin')}</p>}
      {search.isError && <p className="mt-1 text-xs text-red-700">{search.error.message}</p>}
      {search.data && (
        <div className="mt-2 rounded-md border border-slate-200 bg-white text-sm">
          {search.data.entries.length === 0 ? (
            <p className="px-3 py-2 text-slate-600">{t('board.noEntry', { text: q })}</p>
          ) : (
            <ul>
              {search.data.entries.map((e) => (
                <li key={e.row.standing.teamId}>
                  <button type="button" className="flex w-full justify-between gap-2 px-3 py-2 text-left hover:bg-blue-50" onClick={() => onFound(e.row)}>
                    <span className="truncate font-medium">{e.row.standing.teamName}</span>
                    <span className="shrink-0 text-slate-600">
                      {t('board.onPage', { rank: e.row.standing.rank !== null ? `#${e.row.standing.rank}` : t('rank.unranked'), page: e.page })}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {search.data.matches > search.data.entries.length && (
            <p className="border-t border-slate-100 px-3 py-1 text-xs text-slate-500">
              {t('board.moreMatches', { shown: search.data.entries.length, matches: search.data.matches })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The board from its first page; the other pages load as the list scrolls to them. With a club or
 * country filter (in the address) the list is the filtered board's, from its own first page.
 */
export default function PagedBoard({ first: whole, label }: { first: BoardPage; label: string }) {
  const { t } = useTranslation();
  const eventId = whole.event.id;
  const divisionId = whole.division.id;
  const [filter, setFilter] = useBoardFilter();
  const filtered = isFiltered(filter);
  const firstFiltered = useQuery({ ...publicQueries.boardPage(eventId, divisionId, 1, filter), enabled: filtered });
  const first = filtered ? firstFiltered.data : whole;
  const total = first?.total ?? 0;
  const pageSize = first?.pageSize ?? whole.pageSize;
  const ref = useRef<HTMLDivElement>(null);
  const [highlight, setHighlight] = useState<string>();
  const [start, end] = useVisibleRange(ref, total);
  const wanted = pagesOf(start, end, pageSize);
  const pages = useQueries({
    queries: wanted.map((p) => ({ ...publicQueries.boardPage(eventId, divisionId, p, filter), enabled: p !== 1 && first !== undefined })),
  });
  // Rows by their slot in the list: a filtered board keeps the whole board's positions, so its
  // slots come from the page and the row's place on it.
  const rows = new Map<number, BoardRow>();
  first?.rows.forEach((r, i) => rows.set(i + 1, r));
  wanted.forEach((p, k) => pages[k]?.data?.rows.forEach((r, i) => rows.set((p - 1) * pageSize + i + 1, r)));
  const filters = <BoardFilters key={`${filter.club}|${filter.country}|${filter.ageBand}`} filter={filter} onChange={setFilter} />;
  if (filtered && !first) {
    return (
      <div>
        {filters}
        {firstFiltered.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {firstFiltered.error.message}
          </p>
        ) : (
          <p className="text-sm text-slate-600">{t('board.filtering')}</p>
        )}
      </div>
    );
  }
  const found = (row: BoardRow) => {
    setHighlight(row.standing.teamId);
    const el = ref.current;
    if (el) window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY + (row.position - 1) * ROW_PX - 120 });
  };
  const shown: number[] = [];
  for (let i = start; i < end; i++) shown.push(i + 1);
  return (
    <div>
      {/* Find my entry scrolls to a whole-board position: offered on the unfiltered board. */}
      {!filtered && <FindMyEntry eventId={eventId} divisionId={divisionId} onFound={found} />}
      {filters}
      <p className="mb-2 text-sm text-slate-600">
        {filtered && total === 0
          ? t('board.noFilterMatch')
          : t('board.pages', { teams: entrantCount(total, whole.division.teamSize), pages: formatNumber(first?.pages ?? 0), size: pageSize })}
      </p>
      <div
        ref={ref}
        role="list"
        aria-label={label}
        className="relative overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
        style={{ height: total * ROW_PX }}
      >
        {shown.map((position) => {
          const row = rows.get(position);
          return (
            <div key={position} role="listitem" className="absolute inset-x-0" style={{ top: (position - 1) * ROW_PX }}>
              {row ? (
                <Row row={row} highlighted={row.standing.teamId === highlight} />
              ) : (
                <div className="flex items-center px-3 text-sm text-slate-400" style={{ height: ROW_PX }}>
                  #{position}…
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
