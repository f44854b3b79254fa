// The boards' workout columns (docs/scoring.md, "Multi-part workouts"). A workout whose parts
// are placed one by one has no column: its parts stand under its name. A workout whose parts
// make one score (sum, best) has one points column, its own (the combined result, place and
// points), beside its parts' results. Other workouts are a column of their own.
import type { LeaderboardWorkout } from "../api/types";

const combined = (w: LeaderboardWorkout) =>
  w.parts === "sum" || w.parts === "best";

export type BoardColumn = {
  workout: LeaderboardWorkout;
  /** The column's heading under its group: a part's name, or "Sum" / "Best" for a combined workout's points. */
  label: string;
  /** The points multiplier its heading shows: a combined workout's is on the group heading,
   * its columns show none (1). */
  weight: number;
};

/** header is null for a workout without parts: its one column has no group heading. */
export type BoardGroup = {
  header: LeaderboardWorkout | null;
  columns: BoardColumn[];
};

export function boardGroups(
  workouts: readonly LeaderboardWorkout[]
): BoardGroup[] {
  const groups: BoardGroup[] = [];
  const byHeader = new Map<string, BoardGroup>();
  for (const w of workouts) {
    if (w.parts !== "") {
      const g: BoardGroup = {
        header: w,
        columns: combined(w)
          ? [
              {
                workout: w,
                label: w.parts === "sum" ? "Sum" : "Best",
                weight: 1,
              },
            ]
          : [],
      };
      byHeader.set(w.id, g);
      groups.push(g);
      continue;
    }
    const g = w.partOf ? byHeader.get(w.partOf) : undefined;
    if (g)
      g.columns.push({
        workout: w,
        label: w.name,
        weight: g.header && combined(g.header) ? 1 : w.weight,
      });
    else
      groups.push({
        header: null,
        columns: [{ workout: w, label: w.name, weight: w.weight }],
      });
  }
  return groups.filter((g) => g.columns.length > 0);
}

/** Whether the table needs its second heading row. */
export const grouped = (groups: readonly BoardGroup[]) =>
  groups.some((g) => g.header !== null);

/** The workouts with a board of their own, named as they stand alone ("Workout 3 — 3a"): every
 * workout but one whose parts are placed one by one (it has no results). */
export function boardWorkouts(
  workouts: readonly LeaderboardWorkout[]
): { workout: LeaderboardWorkout; name: string }[] {
  return workouts
    .filter((w) => w.parts === "" || combined(w))
    .map((w) => {
      const header = w.partOf
        ? workouts.find((h) => h.id === w.partOf)
        : undefined;
      return {
        workout: w,
        name: header ? `${header.name} — ${w.name}` : w.name,
      };
    });
}
