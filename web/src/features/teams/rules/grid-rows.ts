// Rows of the team grid editor and the rules of its rows.
import type { NewTeam, Team, TeamUpdate } from '@/lib/api/types';
import { resultCount } from './result-loss';

export type GridRow = {
  /** Stable key: the team id, or a generated one for a new row. */
  key: string;
  id: string | null;
  name: string;
  athlete1Name: string;
  athlete2Name: string;
  finalResultsCount: number;
  /** Every result of the team, draft ones too: what deleting it takes (result-loss.ts). */
  resultsCount: number;
  dirty: boolean;
};

export type GridField = 'name' | 'athlete1Name' | 'athlete2Name';
export type RowErrors = Partial<Record<GridField, string>>;

export const NAME_MIN = 2;
export const NAME_MAX = 255;
export const ROWS_PER_ADD = 10;

let newRowCounter = 0;

export function fromTeam(team: Team): GridRow {
  return {
    key: team.id,
    id: team.id,
    name: team.name,
    athlete1Name: team.athlete1Name,
    athlete2Name: team.athlete2Name,
    finalResultsCount: team.finalResultsCount,
    resultsCount: team.resultsCount,
    dirty: false,
  };
}

export function emptyRows(count = ROWS_PER_ADD): GridRow[] {
  return Array.from({ length: count }, () => {
    newRowCounter += 1;
    return { key: `new-${newRowCounter}`, id: null, name: '', athlete1Name: '', athlete2Name: '', finalResultsCount: 0, resultsCount: 0, dirty: false };
  });
}

export const isLocked = (row: GridRow) => row.finalResultsCount > 0;
export const isStarted = (row: GridRow) => [row.name, row.athlete1Name, row.athlete2Name].some((v) => v.trim() !== '');

export function validateRow(row: GridRow): RowErrors {
  if (!isStarted(row) && row.id === null) return {};
  const errors: RowErrors = {};
  const name = row.name.trim();
  if (name.length < NAME_MIN) errors.name = `Team name must be at least ${NAME_MIN} characters`;
  else if (name.length > NAME_MAX) errors.name = `Team name must be at most ${NAME_MAX} characters`;
  (['athlete1Name', 'athlete2Name'] as const).forEach((field) => {
    if (row[field].trim().length > NAME_MAX) errors[field] = `Athlete name must be at most ${NAME_MAX} characters`;
  });
  return errors;
}

export const isRowValid = (row: GridRow) => Object.keys(validateRow(row)).length === 0;

export function editRow(row: GridRow, field: GridField, value: string): GridRow {
  if (row[field] === value || isLocked(row)) return row;
  return { ...row, [field]: value, dirty: row.id !== null ? true : row.dirty };
}

export function hasUnsavedChanges(rows: readonly GridRow[]): boolean {
  return rows.some((row) => row.dirty || (row.id === null && isStarted(row)));
}

export type SavePlan = {
  updates: { key: string; id: string; body: Omit<TeamUpdate, 'divisionId'> }[];
  creates: { key: string; team: NewTeam }[];
};

/** Dirty saved rows become updates (sent one by one), started new rows one bulk create. */
export function planSave(rows: readonly GridRow[]): SavePlan {
  const updates = rows
    .filter((row) => row.id !== null && row.dirty && !isLocked(row))
    .map((row) => ({
      key: row.key,
      id: row.id as string,
      body: { name: row.name.trim(), athlete1Name: row.athlete1Name.trim(), athlete2Name: row.athlete2Name.trim() },
    }));
  const creates = rows
    .filter((row) => row.id === null && isStarted(row) && isRowValid(row))
    .map((row) => {
      const team: NewTeam = { name: row.name.trim() };
      if (row.athlete1Name.trim()) team.athlete1Name = row.athlete1Name.trim();
      if (row.athlete2Name.trim()) team.athlete2Name = row.athlete2Name.trim();
      return { key: row.key, team };
    });
  return { updates, creates };
}

/** The rows worth keeping across a reload or a sign-in: edited saved rows and started new rows. */
export const unsavedRows = (rows: readonly GridRow[]) => rows.filter((row) => row.dirty || (row.id === null && isStarted(row)));

/**
 * The grid after the server's list changed (a save, a delete, another tab): saved rows follow the
 * server unless they carry an unsaved edit, deleted teams leave, new teams arrive, and new rows
 * typed here stay where they are.
 */
export function rebaseRows(rows: readonly GridRow[], teams: readonly Team[]): GridRow[] {
  const local = new Map(rows.filter((row) => row.id !== null).map((row) => [row.id, row]));
  const saved = teams.map((team) => {
    const mine = local.get(team.id);
    if (!mine?.dirty) return fromTeam(team);
    return team.finalResultsCount > 0 ? fromTeam(team) : { ...mine, finalResultsCount: team.finalResultsCount, resultsCount: team.resultsCount };
  });
  return [...saved, ...rows.filter((row) => row.id === null)];
}

/** The grid on opening: the server's teams, a kept draft laid over them, and ten empty rows. */
export function initialGrid(teams: readonly Team[], draft: readonly GridRow[] | null): GridRow[] {
  const edits = new Map((draft ?? []).filter((row) => row.id !== null).map((row) => [row.id, row]));
  const saved = teams.map((team) => {
    const edit = edits.get(team.id);
    return edit && team.finalResultsCount === 0 ? { ...edit, finalResultsCount: 0, resultsCount: team.resultsCount } : fromTeam(team);
  });
  const started = (draft ?? []).filter((row) => row.id === null);
  return [...saved, ...started, ...emptyRows()];
}

/** Rows after a save: saved updates are clean, created rows become the teams the server returned. */
/** A refetch may already have brought a created team in: then its typed row just leaves. */
export function applySaved(rows: readonly GridRow[], savedKeys: ReadonlySet<string>, created: ReadonlyMap<string, Team>): GridRow[] {
  const present = new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
  return rows.flatMap((row) => {
    const team = created.get(row.key);
    if (team) return present.has(team.id) ? [] : [fromTeam(team)];
    return [savedKeys.has(row.key) ? { ...row, dirty: false } : row];
  });
}

/** "Locked (1 result)", "Locked (3 results)". */
export const lockedLabel = (count: number) => `Locked (${resultCount(count)})`;

/** Grows the grid so that rows pasted past its end have somewhere to go. */
export function withRowsUpTo(rows: readonly GridRow[], lastIndex: number): GridRow[] {
  return lastIndex < rows.length ? [...rows] : [...rows, ...emptyRows(lastIndex + 1 - rows.length)];
}

/** 40 px per row plus 120, kept between 400 and 800. */
export function gridHeight(rowCount: number): number {
  return Math.min(800, Math.max(400, 40 * rowCount + 120));
}
