// The result grid's columns (docs/admin-area.md, "Result entry"): every column on a wide screen;
// on a phone only those a scorer works with, narrow enough for 390 px with nothing off-screen:
// the marks under the score and the action buttons stacked. The headers keep the spec's words.

export type ResultColumn = 'teamName' | 'scoreType' | 'timeCap' | 'result' | 'score' | 'rank' | 'published' | 'actions' | 'marks';

export type ResultGridLayout = {
  columns: readonly ResultColumn[];
  widths: readonly number[];
  /** The marks go under the score rather than in a column of their own. */
  marksUnderScore: boolean;
  /** The action buttons one under another, so the column stays narrow. */
  stackedButtons: boolean;
};

/** The media query of a screen too narrow for every column (the console's `sm` breakpoint). */
export const NARROW_GRID_QUERY = '(max-width: 639px)';

/** The Published column holds "⚠️ Draft: 3:59 public → 3:30 pending" when a change is pending. */
const PENDING_PUBLISHED_WIDTH = 270;

export const WIDE_LAYOUT: ResultGridLayout = {
  // The marks after the actions, so the columns before keep their places.
  columns: ['teamName', 'scoreType', 'timeCap', 'result', 'score', 'rank', 'published', 'actions', 'marks'],
  widths: [180, 100, 90, 150, 80, 60, 100, 200, 210],
  marksUnderScore: false,
  stackedButtons: false,
};

// 354 px in all: the 390 px screen less the page's padding (2 × 16 px) and the grid's border.
// The score type is in the workout's name in the select above; the score says the rank's worth.
export const NARROW_LAYOUT: ResultGridLayout = {
  columns: ['teamName', 'result', 'score', 'published', 'actions'],
  widths: [84, 76, 66, 60, 68],
  marksUnderScore: true,
  stackedButtons: true,
};

/** The layout for the screen, with the Published column widened where a change is pending
 * (only on a wide screen: on a phone the text wraps). */
export function resultGridLayout(narrow: boolean, anyPending: boolean): ResultGridLayout {
  if (narrow) return NARROW_LAYOUT;
  if (!anyPending) return WIDE_LAYOUT;
  const published = WIDE_LAYOUT.columns.indexOf('published');
  return { ...WIDE_LAYOUT, widths: WIDE_LAYOUT.widths.map((w, col) => (col === published ? PENDING_PUBLISHED_WIDTH : w)) };
}
