// Rows of the team grid editor and the rules of its rows. A row has one column per athlete of
// its division's size (docs/rosters.md): pairs keep the spec's two columns and calls; other
// sizes send the roster, keeping what the grid does not show (substitutes, categories, birth
// dates) from the team's roster.
import type { NewTeam, RosterPlace, RosterPlaceInput, Team, TeamUpdate } from '@/lib/api/types';
import { resultCount } from './result-loss';

export type GridRow = {
  /** Stable key: the team id, or a generated one for a new row. */
  key: string;
  id: string | null;
  name: string;
  athlete1Name: string;
  athlete2Name: string;
  /** Athletes 3, 4, … of a division of more than two. */
  more: string[];
  /** The team's roster as loaded ([] for a new row): what the grid keeps but does not show. */
  roster: RosterPlace[];
  finalResultsCount: number;
  /** Every result of the team, draft ones too: what deleting it takes (result-loss.ts). */
  resultsCount: number;
  dirty: boolean;
};

export type GridField = 'name' | `athlete${number}Name`;

/** The athlete columns of a division of `size`: none for individuals (the name is the athlete). */
export const athleteFields = (size: number): GridField[] =>
  size <= 1 ? [] : Array.from({ length: size }, (_, i) => `athlete${i + 1}Name` as GridField);

const athleteIndex = (field: GridField) => (field === 'name' ? -1 : Number(field.slice(7, -4)) - 1);

/** The value of a field of a row. */
export function cellValue(row: GridRow, field: GridField): string {
  if (field === 'name') return row.name;
  const i = athleteIndex(field);
  if (i === 0) return row.athlete1Name;
  if (i === 1) return row.athlete2Name;
  return row.more[i - 2] ?? '';
}
export type RowErrors = Partial<Record<GridField, string>>;

export const NAME_MIN = 2;
export const NAME_MAX = 255;
export const ROWS_PER_ADD = 10;

let newRowCounter = 0;

export function fromTeam(team: Team): GridRow {
  const roster = team.athletes ?? [];
  const starting = roster.filter((a) => !a.substitute);
  return {
    key: team.id,
    id: team.id,
    name: team.name,
    athlete1Name: team.athlete1Name,
    athlete2Name: team.athlete2Name,
    more: starting.slice(2).map((a) => a.name),
    roster,
    finalResultsCount: team.finalResultsCount,
    resultsCount: team.resultsCount,
    dirty: false,
  };
}

export function emptyRows(count = ROWS_PER_ADD): GridRow[] {
  return Array.from({ length: count }, () => {
    newRowCounter += 1;
    return { key: `new-${newRowCounter}`, id: null, name: '', athlete1Name: '', athlete2Name: '', more: [], roster: [], finalResultsCount: 0, resultsCount: 0, dirty: false };
  });
}

export const isLocked = (row: GridRow) => row.finalResultsCount > 0;
export const isStarted = (row: GridRow) => [row.name, row.athlete1Name, row.athlete2Name, ...row.more].some((v) => v.trim() !== '');

export function validateRow(row: GridRow): RowErrors {
  if (!isStarted(row) && row.id === null) return {};
  const errors: RowErrors = {};
  const name = row.name.trim();
  if (name.length < NAME_MIN) errors.name = `Team name must be at least ${NAME_MIN} characters`;
  else if (name.length > NAME_MAX) errors.name = `Team name must be at most ${NAME_MAX} characters`;
  athleteFields(2 + row.more.length).forEach((field) => {
    if (cellValue(row, field).trim().length > NAME_MAX) errors[field] = `Athlete name must be at most ${NAME_MAX} characters`;
  });
  return errors;
}

export const isRowValid = (row: GridRow) => Object.keys(validateRow(row)).length === 0;

export function editRow(row: GridRow, field: GridField, value: string): GridRow {
  if (cellValue(row, field) === value || isLocked(row)) return row;
  const dirty = row.id !== null ? true : row.dirty;
  const i = athleteIndex(field);
  if (field === 'name') return { ...row, name: value, dirty };
  if (i === 0) return { ...row, athlete1Name: value, dirty };
  if (i === 1) return { ...row, athlete2Name: value, dirty };
  const more = [...row.more];
  while (more.length < i - 1) more.push('');
  more[i - 2] = value;
  return { ...row, more, dirty };
}

/**
 * The roster a row sends for a division of `size` other than pairs: the typed names in their
 * places (an individual's name is the athlete), each keeping what the team's roster had in
 * that place, then the team's substitutes. Null for pairs: their two name fields say it all.
 */
export function rosterOf(row: GridRow, size: number): RosterPlaceInput[] | null {
  if (size === 2) return null;
  const names = size <= 1 ? [row.name] : [row.athlete1Name, row.athlete2Name, ...row.more].slice(0, size);
  const starting = row.roster.filter((a) => !a.substitute);
  const places: RosterPlaceInput[] = [];
  names.forEach((typed, i) => {
    const name = typed.trim();
    if (!name) return;
    const had = starting[i];
    places.push({
      name,
      category: had?.category ?? '',
      birthDate: had?.birthDate ?? '',
      substitute: false,
      captain: had ? had.captain : places.length === 0 && !row.roster.some((a) => a.captain),
    });
  });
  for (const sub of row.roster.filter((a) => a.substitute)) {
    places.push({ name: sub.name, category: sub.category, birthDate: sub.birthDate, substitute: true, captain: sub.captain });
  }
  return places;
}

export function hasUnsavedChanges(rows: readonly GridRow[]): boolean {
  return rows.some((row) => row.dirty || (row.id === null && isStarted(row)));
}

export type SavePlan = {
  updates: { key: string; id: string; body: Omit<TeamUpdate, 'divisionId'> }[];
  creates: { key: string; team: NewTeam }[];
};

/** Dirty saved rows become updates (sent one by one), started new rows one bulk create. */
export function planSave(rows: readonly GridRow[], size = 2): SavePlan {
  const updates = rows
    .filter((row) => row.id !== null && row.dirty && !isLocked(row))
    .map((row) => {
      const body: Omit<TeamUpdate, 'divisionId'> = { name: row.name.trim(), athlete1Name: row.athlete1Name.trim(), athlete2Name: row.athlete2Name.trim() };
      const athletes = rosterOf(row, size);
      if (athletes) body.athletes = athletes;
      return { key: row.key, id: row.id as string, body };
    });
  const creates = rows
    .filter((row) => row.id === null && isStarted(row) && isRowValid(row))
    .map((row) => {
      const team: NewTeam = { name: row.name.trim() };
      if (row.athlete1Name.trim()) team.athlete1Name = row.athlete1Name.trim();
      if (row.athlete2Name.trim()) team.athlete2Name = row.athlete2Name.trim();
      const athletes = rosterOf(row, size);
      if (athletes) team.athletes = athletes;
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
