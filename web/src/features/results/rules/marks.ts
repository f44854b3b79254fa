// A result's marks (docs/scoring.md): done Scaled, and a penalty with its reason. What the
// marks editor offers for a result and what it sends.
import type { Penalty, PenaltyKind, Result, ResultInput } from '@/lib/api/types';
import { parseTime } from '@/lib/time';

export const PENALTY_LABELS: Record<PenaltyKind, string> = {
  time: 'Time added',
  reps: 'Reps deducted',
  points: 'Points deducted',
};

/** The penalty kinds that fit a result: time on a finished TIME result, reps on a finished REPS
 * result or a capped one, points on any placed result (finished, capped or DNF). */
export function penaltyKinds(row: Pick<Result, 'scoreType' | 'status'>): PenaltyKind[] {
  const placed = row.status === 'completed' || row.status === 'capped' || row.status === 'dnf';
  if (!placed) return [];
  const kinds: PenaltyKind[] = [];
  if (row.scoreType === 'TIME' && row.status === 'completed') kinds.push('time');
  if ((row.scoreType === 'REPS' && row.status === 'completed') || row.status === 'capped') kinds.push('reps');
  kinds.push('points');
  return kinds;
}

/** The text of a penalty's amount for its input: a time as M:SS. */
export function amountText(p: Penalty | null): string {
  if (!p) return '';
  if (p.kind !== 'time') return String(p.amount);
  const m = Math.floor(p.amount / 60);
  const s = p.amount - m * 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export type MarksForm = { scaled: boolean; kind: PenaltyKind | ''; amount: string; reason: string };

export type MarksParse = { ok: true; marks: Pick<ResultInput, 'scaled' | 'penalty'> } | { ok: false; field: 'amount'; error: string };

/** The marks the form asks for; the server checks the rest (range, fit, reason) by its fields. */
export function parseMarks(form: MarksForm): MarksParse {
  if (form.kind === '') return { ok: true, marks: { scaled: form.scaled, penalty: null } };
  let amount = Number(form.amount.trim());
  if (form.kind === 'time') {
    const t = parseTime(form.amount);
    if (!t.ok) return { ok: false, field: 'amount', error: t.error };
    amount = t.seconds;
  } else if (form.amount.trim() === '' || !Number.isFinite(amount)) {
    return { ok: false, field: 'amount', error: 'Enter a number' };
  }
  return { ok: true, marks: { scaled: form.scaled, penalty: { kind: form.kind, amount, reason: form.reason } } };
}

/** The grid's Marks cell: "Scaled", "⚑ +0:30: no-rep", or both. */
export function marksText(row: Pick<Result, 'scaled' | 'penaltyText'>): string {
  return [row.scaled ? 'Scaled' : '', row.penaltyText ? `⚑ ${row.penaltyText}` : ''].filter(Boolean).join(' · ');
}
