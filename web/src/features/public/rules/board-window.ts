// The window of a virtualised board (components/paged-board.tsx): which rows are on screen and
// which pages hold them.

/** Every row has this height, so a position's offset is known before its page is loaded. */
export const ROW_PX = 64;
/** Rows rendered beyond the screen's, above and below. */
export const OVERSCAN = 10;

/** The positions (0-based, end excluded) on screen for a list whose top is at `top` px of a viewport `viewport` px high. */
export function visibleRange(top: number, viewport: number, total: number): [number, number] {
  const first = Math.min(total, Math.max(0, Math.floor(-top / ROW_PX) - OVERSCAN));
  const last = Math.min(total, Math.ceil((viewport - top) / ROW_PX) + OVERSCAN);
  return [first, Math.max(first, last)];
}

/** The pages (from 1) that hold positions [first, last). */
export function pagesOf(first: number, last: number, pageSize: number): number[] {
  if (last <= first) return [];
  const pages: number[] = [];
  for (let p = Math.floor(first / pageSize) + 1; p <= Math.floor((last - 1) / pageSize) + 1; p++) pages.push(p);
  return pages;
}
