// The TV's rotation (docs/venue.md): the chosen boards cut into pages of `rows` lines, shown
// one after the other for `seconds` each, then from the start again.

/** A board to rotate through: its id and how many lines it has. */
export type RotationBoard = { id: string; lines: number };

/** One screen: lines [from, to) of a board, page `page` of `pages` (1-based). */
export type RotationPage = { key: string; boardId: string; page: number; pages: number; from: number; to: number };

/** The pages of the boards in order; a board without lines still gets one page (its empty state). */
export function rotationPages(boards: readonly RotationBoard[], rows: number): RotationPage[] {
  const out: RotationPage[] = [];
  const per = Math.max(1, Math.floor(rows));
  for (const b of boards) {
    const pages = Math.max(1, Math.ceil(b.lines / per));
    for (let p = 0; p < pages; p++)
      out.push({ key: `${b.id}#${p + 1}`, boardId: b.id, page: p + 1, pages, from: p * per, to: Math.min(b.lines, (p + 1) * per) });
  }
  return out;
}

/** The page shown for `key`: that page while it exists, else the first. */
export function currentPage(pages: readonly RotationPage[], key: string | undefined): RotationPage | undefined {
  return pages.find((p) => p.key === key) ?? pages[0];
}

/** The page after `key` (after the first page when `key` is gone), wrapping to the first. */
export function nextPage(pages: readonly RotationPage[], key: string | undefined): RotationPage | undefined {
  if (pages.length === 0) return undefined;
  const i = pages.findIndex((p) => p.key === key);
  return pages[(Math.max(i, 0) + 1) % pages.length];
}

/** The TV's settings: the event's (the console), each overridable in the URL. */
export type TVSettings = { rows: number; seconds: number; divisionIds: string[] };

const number = (v: string | null, min: number, max: number): number | undefined => {
  if (v === null || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : undefined;
};

/** `?rows=&seconds=&divisions=id,id` over the stored settings. Seconds may be a fraction (a
 * test's fast rotation); rows are whole. */
export function tvSettings(stored: TVSettings, search: URLSearchParams): TVSettings {
  const rows = number(search.get('rows'), 1, 50);
  const seconds = number(search.get('seconds'), 0.01, 3600);
  const divisions = search.get('divisions');
  return {
    rows: rows === undefined ? stored.rows : Math.floor(rows),
    seconds: seconds ?? stored.seconds,
    divisionIds: divisions ? divisions.split(',').map((s) => s.trim()).filter(Boolean) : stored.divisionIds,
  };
}
