// The phone's leaderboard: one line per team (rank, the full name wrapped, never cut, its
// movement, the total), a tap opens its details. Every team is in the DOM, so the browser's
// find-in-page and the board's own "Find team" box reach all of them; the spectator's bookmarked
// teams are pinned above the board and highlighted in place. Lines after the first screen are laid out and painted only
// as they near it (docs/architecture.md, "The spectator's first load").
import { memo, useCallback, useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/cn';
import { useBookmarks, type BookmarkInput } from '@/lib/bookmarks';
import { BookmarkStar } from './bookmark-star';
import { RankMark } from './result-bits';

/** One team's line. */
export type BoardLine = {
  id: string;
  rank: number | null;
  name: string;
  /** The line's figure (total points, a workout's result) and what it is, for screen readers. */
  figure: ReactNode;
  figureLabel: string;
  /** What the open line shows under it. */
  details: () => ReactNode;
  bookmark: BookmarkInput;
  muted?: boolean;
  /** Withdrawn (the server's word): no rank, marked after the name. */
  withdrawn?: boolean;
  /** The movement mark (▲2 / ▼1) beside the figure; boards without movement leave it out. */
  mark?: ReactNode;
};

/** Lines drawn at once; the rest follow in a background render (a phone shows about twelve). */
const FIRST_SCREEN_LINES = 14;
const LATER_LINE = '[content-visibility:auto] [contain-intrinsic-size:auto_40px]';

const lineId = (id: string) => `board-line-${id}`;

const Line = memo(function Line({
  line,
  open,
  onToggle,
  bookmarked,
  pinned,
  later,
  individual,
}: {
  line: BoardLine;
  open: boolean;
  onToggle: (id: string) => void;
  bookmarked: boolean;
  pinned?: boolean;
  /** An individual division's line (docs/rosters.md): its page is the athlete's. */
  individual?: boolean;
  later?: boolean;
}) {
  const { t } = useTranslation();
  const detailsId = `${pinned ? 'pinned' : 'board'}-details-${line.id}`;
  return (
    <li
      id={pinned ? undefined : lineId(line.id)}
      data-team-line={pinned ? undefined : line.id}
      data-pinned-line={pinned ? line.id : undefined}
      className={cn('scroll-mt-24 border-b border-slate-100 last:border-b-0', bookmarked && 'bg-yellow-50', later && !open && LATER_LINE)}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => onToggle(line.id)}
        className={cn(
          'flex min-h-10 w-full items-center gap-2 px-3 py-1.5 text-left focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-500',
          line.muted && 'text-slate-500',
        )}
      >
        <span className="w-10 shrink-0 text-center">
          {line.withdrawn ? <span className="text-sm font-bold text-slate-400">–</span> : <RankMark rank={line.rank} size="sm" />}
        </span>
        <span className="min-w-0 flex-1 break-words font-semibold leading-snug text-slate-900">
          {bookmarked && (
            <span aria-label={t('board.bookmarked')} role="img" className="mr-1 text-yellow-500">
              ★
            </span>
          )}
          {line.name}
          {line.withdrawn && (
            <span className="ml-2 inline-block rounded bg-slate-100 px-1.5 py-0.5 align-middle text-[11px] font-medium uppercase tracking-wide text-slate-600">
              Withdrawn
            </span>
          )}
        </span>
        {line.mark !== undefined && <span className="w-7 shrink-0 text-right">{line.mark}</span>}
        <span className="shrink-0 text-right font-bold tabular-nums text-slate-900">
          <span className="sr-only">{line.figureLabel}: </span>
          {line.figure}
        </span>
        <span aria-hidden="true" className={cn('w-3 shrink-0 text-xs text-slate-400 transition-transform', open && 'rotate-90')}>
          ›
        </span>
      </button>
      {open && (
        <div id={detailsId} className="px-3 pb-3">
          {line.details()}
          <div className="mt-2 flex items-center justify-between">
            <Link to={`/public/teams/${line.id}`} className="text-sm font-medium text-blue-700 hover:underline">
              {individual ? t('board.athletePage') : t('board.teamPage')}
            </Link>
            <BookmarkStar team={line.bookmark} />
          </div>
        </div>
      )}
    </li>
  );
});

/** Scrolls to a team's line on the board, opens it and marks it for a moment. */
function jumpTo(id: string, open: (id: string) => void) {
  open(id);
  const el = document.getElementById(lineId(id));
  if (!el) return;
  el.scrollIntoView({ block: 'center' });
  el.querySelector('button')?.focus({ preventScroll: true });
  el.classList.add('ring-2', 'ring-blue-500');
  setTimeout(() => el.classList.remove('ring-2', 'ring-blue-500'), 2000);
}

/** The "Find team" box: matches as the spectator types; a match, or Enter, jumps to its line. */
function FindTeam({ lines, onJump, individual }: { lines: BoardLine[]; onJump: (id: string) => void; individual?: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const needle = text.trim().toLowerCase();
  const matches = needle ? lines.filter((l) => l.name.toLowerCase().includes(needle)).slice(0, 5) : [];
  return (
    <div className="mb-2">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          if (matches[0]) onJump(matches[0].id);
        }}
      >
        <label htmlFor="find-team" className="sr-only">
          {individual ? t('board.findAthlete') : t('board.findTeam')}
        </label>
        <input
          id="find-team"
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={individual ? t('board.findAthlete') : t('board.findTeam')}
          autoComplete="off"
          className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-base focus:border-blue-500 focus:outline-none focus:ring-1 focus:ring-blue-500"
        />
      </form>
      {needle && (
        <ul className="mt-1 rounded-md border border-slate-200 bg-white text-sm shadow-sm" aria-label={t('board.matching')}>
          {matches.length === 0 && <li className="px-3 py-2 text-slate-500">{t('board.noMatch', { text: text.trim() })}</li>}
          {matches.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => {
                  setText('');
                  onJump(m.id);
                }}
                className="flex w-full gap-2 px-3 py-2 text-left hover:bg-blue-50"
              >
                <span className="w-8 shrink-0 text-slate-500 tabular-nums">{m.rank ?? '–'}</span>
                <span className="break-words">{m.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** individual: an individual division's board, which says "athlete" where others say "team". */
export function CompactBoard({ lines, label, individual }: { lines: BoardLine[]; label: string; individual?: boolean }) {
  const { t } = useTranslation();
  const { ids } = useBookmarks();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setOpen((o) => {
        const next = new Set(o);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const openLine = useCallback((id: string) => setOpen((o) => (o.has(id) ? o : new Set(o).add(id))), []);
  const jump = useCallback((id: string) => jumpTo(id, openLine), [openLine]);
  // The first screen at once, every other line in a background render React slices.
  const [head] = useState(() => lines.slice(0, FIRST_SCREEN_LINES));
  const shown = useDeferredValue(lines, head);
  const pinned = lines.filter((l) => ids.has(l.id));
  return (
    <div>
      <FindTeam lines={lines} onJump={jump} individual={individual} />
      {pinned.length > 0 && (
        <section aria-labelledby="your-teams" className="mb-2 rounded-xl border border-yellow-200 bg-white shadow-sm">
          <h2 id="your-teams" className="px-3 pt-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
            {t('board.yourTeams')}
          </h2>
          <ol>
            {pinned.map((l) => (
              <Line key={l.id} line={l} open={false} onToggle={jump} bookmarked pinned individual={individual} />
            ))}
          </ol>
        </section>
      )}
      <ol aria-label={label} className="rounded-xl border border-slate-200 bg-white shadow-sm">
        {shown.map((l, i) => (
          <Line key={l.id} line={l} open={open.has(l.id)} onToggle={toggle} bookmarked={ids.has(l.id)} later={i >= FIRST_SCREEN_LINES} individual={individual} />
        ))}
      </ol>
    </div>
  );
}
