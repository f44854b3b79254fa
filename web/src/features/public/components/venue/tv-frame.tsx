import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';

/**
 * The TV's screen (docs/venue.md): no site chrome, dark, a whole 1080p screen that never
 * scrolls; the event and the board on top, the page count and, while the live stream is down,
 * a small "Reconnecting" mark (the last data stays on screen).
 */
export function TVFrame({
  eventName,
  title,
  subtitle,
  pageLabel,
  reconnecting,
  pageKey,
  children,
}: {
  eventName: string;
  title: string;
  subtitle?: string;
  pageLabel?: string;
  reconnecting: boolean;
  /** The page on screen (rules/rotation.ts), for tests and tools that follow the rotation. */
  pageKey: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('site');
  return (
    <div className="fixed inset-0 flex flex-col overflow-hidden bg-slate-950 px-[3vw] py-[2.5vh] text-white" data-testid="tv" data-page={pageKey}>
      <header className="flex h-[11vh] shrink-0 items-end justify-between gap-[2vw] border-b-2 border-slate-700 pb-[1.5vh]">
        <div className="min-w-0">
          <p className="truncate text-[2.6vh] font-semibold uppercase tracking-widest text-slate-400">{eventName}</p>
          <h1 className="truncate text-[5.2vh] font-bold leading-tight" data-testid="tv-title">
            {title}
            {subtitle && <span className="ml-[1.5vw] font-semibold text-amber-300">{subtitle}</span>}
          </h1>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-[0.8vh]">
          {reconnecting && (
            <span role="status" className="rounded bg-amber-500/20 px-[0.8vw] py-[0.3vh] text-[2vh] font-semibold text-amber-300">
              {t('venue.reconnecting')}
            </span>
          )}
          {pageLabel && (
            <span className="text-[3vh] font-semibold tabular-nums text-slate-400" data-testid="tv-page">
              {pageLabel}
            </span>
          )}
        </div>
      </header>
      <main className="min-h-0 min-w-0 flex-1 pt-[1.5vh]">{children}</main>
    </div>
  );
}

/** The rows of a page: exactly `rows` equal lines filling the screen, so a page never scrolls
 * and a short last page keeps the line height of the others. One column no wider than the
 * screen (minmax(0, 1fr)): a long team name is cut with "…" and never pushes the points off it. */
export function TVRows({ rows, children, label }: { rows: number; children: ReactNode; label: string }) {
  return (
    <ol
      aria-label={label}
      className="grid h-full min-w-0"
      style={{ gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))`, fontSize: `min(calc(80vh / ${rows} * 0.55), 7vh)` }}
    >
      {children}
    </ol>
  );
}
