// A result's marks (docs/scoring.md): done Scaled, and a penalty with its reason. What the
// marks editor offers for a result and what it sends.
import type { PenaltyKind, Result, ResultInput } from '@/lib/api/types';
import { parsePenaltyAmount } from '@/lib/penalty';

export type MarksForm = { scaled: boolean; kind: PenaltyKind | ''; amount: string; reason: string };

export type MarksParse = { ok: true; marks: Pick<ResultInput, 'scaled' | 'penalty'> } | { ok: false; field: 'amount'; error: string };

/** The marks the form asks for; the server checks the rest (range, fit, reason) by its fields. */
export function parseMarks(form: MarksForm): MarksParse {
  if (form.kind === '') return { ok: true, marks: { scaled: form.scaled, penalty: null } };
  const amount = parsePenaltyAmount(form.kind, form.amount);
  if (!amount.ok) return { ok: false, field: 'amount', error: amount.error };
  return { ok: true, marks: { scaled: form.scaled, penalty: { kind: form.kind, amount: amount.amount, reason: form.reason } } };
}

/** The grid's Marks cell: "Scaled", "⚑ +0:30: no-rep", or both. */
export function marksText(row: Pick<Result, 'scaled' | 'penaltyText'>): string {
  return [row.scaled ? 'Scaled' : '', row.penaltyText ? `⚑ ${row.penaltyText}` : ''].filter(Boolean).join(' · ');
}
