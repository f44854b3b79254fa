// Edits in the result grid: the text typed per team, checked before a save.
import type { Result, ResultInput } from '@/lib/api/types';
import { parseResultInput } from '@/lib/result-input';

/** teamId → the text typed in the Result cell. */
export type PendingChanges = Readonly<Record<string, string>>;

/** Records an edit; clearing a cell to empty removes its tracked change. */
export function applyEdit(changes: PendingChanges, teamId: string, text: string): PendingChanges {
  const next = { ...changes };
  if (text.trim() === '') delete next[teamId];
  else next[teamId] = text;
  return next;
}

export function withoutChange(changes: PendingChanges, teamId: string): PendingChanges {
  const next = { ...changes };
  delete next[teamId];
  return next;
}

export type ChangeError = { teamId: string; message: string };

/** The per-row messages ('Result is required…', 'Invalid time…', 'Invalid result…'). */
export function validateChanges(changes: PendingChanges, rows: readonly Result[]): ChangeError[] {
  return rows.flatMap((row) => {
    const text = changes[row.teamId];
    if (text === undefined) return [];
    if (text.trim() === '') return [{ teamId: row.teamId, message: `Result is required for team "${row.teamName}"` }];
    const parsed = parseResultInput(text, row.scoreType, row);
    if (parsed.ok) return [];
    const kind = row.scoreType === 'TIME' ? 'Invalid time' : 'Invalid result';
    return [{ teamId: row.teamId, message: `${kind} for team "${row.teamName}": ${parsed.error}` }];
  });
}

/** The batch payload for valid changes (call only when validateChanges found nothing). */
export function toResultInputs(changes: PendingChanges, rows: readonly Result[]): ResultInput[] {
  return rows.flatMap((row) => {
    const text = changes[row.teamId];
    if (text === undefined) return [];
    const parsed = parseResultInput(text, row.scoreType, row);
    // The save replaces the result whole: a new value keeps what the grid's text does not hold,
    // the marks (Scaled, a penalty) and the tiebreak, where the new status can carry one.
    return parsed.ok ? [{ teamId: row.teamId, workoutId: row.workoutId, ...parsed.result, ...tiebreakOf(row, parsed.result.status), ...marksOf(row) }] : [];
  });
}

/** The stored tiebreak a save sends back: only completed and capped results carry one. */
function tiebreakOf(row: Pick<Result, 'tiebreakValue'>, status: string | undefined): Pick<ResultInput, 'tiebreakValue'> {
  const carries = !status || status === 'completed' || status === 'capped';
  return carries && row.tiebreakValue != null ? { tiebreakValue: row.tiebreakValue } : {};
}

/** A result's marks as a save sends them back. */
export function marksOf(row: Pick<Result, 'scaled' | 'penalty'>): Pick<ResultInput, 'scaled' | 'penalty'> {
  return { scaled: row.scaled ?? false, penalty: row.penalty ? (row.penalty as ResultInput['penalty']) : null };
}

/** The team whose row the server refused in a batch save: it names the field
 * "results[i].resultValue"; i is the row's place in the batch sent. */
export function refusedTeamId(field: string | null | undefined, sent: readonly ResultInput[]): string | null {
  const match = /^results\[(\d+)\]\./.exec(field ?? '');
  return match ? (sent[Number(match[1])]?.teamId ?? null) : null;
}
