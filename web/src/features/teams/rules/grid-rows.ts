// Rows of the team grid editor and the rules of admin-area §4 "Team grid rows" and §5 "Team grid".
import type { NewTeam, Team, TeamUpdate } from '@/lib/api/types';

export type GridRow = {
  /** Stable key: the team id, or a generated one for a new row. */
  key: string;
  id: string | null;
  name: string;
  athlete1Name: string;
  athlete2Name: string;
  finalResultsCount: number;
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
    dirty: false,
  };
}

export function emptyRows(count = ROWS_PER_ADD): GridRow[] {
  return Array.from({ length: count }, () => {
    newRowCounter += 1;
    return { key: `new-${newRowCounter}`, id: null, name: '', athlete1Name: '', athlete2Name: '', finalResultsCount: 0, dirty: false };
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
  updates: { id: string; body: Omit<TeamUpdate, 'divisionId'> }[];
  creates: NewTeam[];
};

/** Dirty saved rows become updates (sent one by one), started new rows one bulk create. */
export function planSave(rows: readonly GridRow[]): SavePlan {
  const updates = rows
    .filter((row) => row.id !== null && row.dirty && !isLocked(row))
    .map((row) => ({
      id: row.id as string,
      body: { name: row.name.trim(), athlete1Name: row.athlete1Name.trim(), athlete2Name: row.athlete2Name.trim() },
    }));
  const creates = rows
    .filter((row) => row.id === null && isStarted(row) && isRowValid(row))
    .map((row) => {
      const team: NewTeam = { name: row.name.trim() };
      if (row.athlete1Name.trim()) team.athlete1Name = row.athlete1Name.trim();
      if (row.athlete2Name.trim()) team.athlete2Name = row.athlete2Name.trim();
      return team;
    });
  return { updates, creates };
}

/** 40 px per row plus 120, kept between 400 and 800. */
export function gridHeight(rowCount: number): number {
  return Math.min(800, Math.max(400, 40 * rowCount + 120));
}
