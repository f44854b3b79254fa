// Multi-part workouts (docs/scoring.md, "Multi-part workouts"): a workout with parts (its
// header) takes no results; its parts do, and are shown under it. Every list of workouts where
// results are entered or shown goes through these.

type PartsOf = { id: string; name: string; partOf: string; parts: string };

/** A workout with parts: no results of its own. */
export const isHeader = (w: Pick<PartsOf, "parts">) => w.parts !== "";

/** The workouts results are entered for, in the order given: every workout but the headers. */
export const resultWorkouts = <W extends PartsOf>(
  workouts: readonly W[]
): W[] => workouts.filter((w) => !isHeader(w));

/** A workout's name where it stands alone: a part with its workout's ("Workout 3 — 3a"). */
export function fullName(w: PartsOf, workouts: readonly PartsOf[]): string {
  const header = w.partOf ? workouts.find((h) => h.id === w.partOf) : undefined;
  return header ? `${header.name} — ${w.name}` : w.name;
}

/** Columns under their header: consecutive parts of one workout make one group; any other
 * column is a group of its own without a header. */
export type ColumnGroup<W> = { header: W | null; columns: W[] };

export function columnGroups<W extends PartsOf>(
  columns: readonly W[],
  workouts: readonly W[]
): ColumnGroup<W>[] {
  const groups: ColumnGroup<W>[] = [];
  for (const c of columns) {
    const header = c.partOf
      ? workouts.find((h) => h.id === c.partOf) ?? null
      : null;
    const last = groups.at(-1);
    if (header && last?.header?.id === header.id) last.columns.push(c);
    else groups.push({ header, columns: [c] });
  }
  return groups;
}

/** Whether any column is a part: the table needs a second header row. */
export const hasGroups = <W>(groups: readonly ColumnGroup<W>[]) =>
  groups.some((g) => g.header !== null);
