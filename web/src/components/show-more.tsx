import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** Rows a long board renders at first and adds per step: the first screens, not 1,000 teams. */
export const BOARD_PAGE_SIZE = 25;
/** The same for tall cards (a team with all its workouts fills half a phone screen). */
export const TALL_CARD_PAGE_SIZE = 10;

/**
 * The first `page` items of a long list, and a way to show the next page. Long leaderboards
 * render this way so a phone builds a few screens of rows, not the whole board (docs/operations.md).
 */
export type GrowingList<T> = { shown: T[]; total: number; showMore: () => void; next: number };

export function useGrowingList<T>(items: T[], page = BOARD_PAGE_SIZE): GrowingList<T> {
  const [count, setCount] = useState(page);
  // The same array until the items or the count change, so a memoised list skips re-renders.
  const shown = useMemo(() => (items.length > count ? items.slice(0, count) : items), [items, count]);
  const showMore = useCallback(() => setCount((c) => c + page), [page]);
  return { shown, total: items.length, showMore, next: Math.min(page, items.length - shown.length) };
}

/**
 * A growing list drawn first-screen-first: at first only its `first` items (a screen's worth), then
 * all it shows in a background render React splits into short slices, so a long board never
 * blocks a phone's main thread in one long task (docs/architecture.md, "The spectator's first
 * load"). The Show more button comes once every shown item is drawn: before, it would sit under
 * the first few and read as near the screen.
 */
export function GrowingListView<T>({ list, first, noun, children }: { list: GrowingList<T>; first: number; noun: string; children: (items: T[]) => ReactNode }) {
  const [head] = useState(() => list.shown.slice(0, first));
  const items = useDeferredValue(list.shown, head);
  return (
    <>
      {children(items)}
      {items === list.shown && <ShowMoreButton shown={list.shown.length} total={list.total} next={list.next} onMore={list.showMore} noun={noun} />}
    </>
  );
}

/**
 * The button under a growing list. It also presses itself when it scrolls near the viewport,
 * so scrolling down reads on; keyboard and screen-reader users press it.
 */
export function ShowMoreButton({ shown, total, next, onMore, noun }: { shown: number; total: number; next: number; onMore: () => void; noun: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = ref.current;
    if (!button) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onMore(), { rootMargin: '600px 0px' });
    observer.observe(button);
    return () => observer.disconnect();
  }, [onMore, shown]);
  if (next <= 0) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-1">
      <button
        ref={ref}
        type="button"
        onClick={onMore}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      >
        Show {next} more {noun}
      </button>
      <p className="text-xs text-slate-500" aria-live="polite">
        Showing {shown} of {total}
      </p>
    </div>
  );
}
