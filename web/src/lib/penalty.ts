// A result's penalty (docs/scoring.md): which kinds fit a result, and its amount as typed. The
// result grid's marks and the judges' review of an online submission both use it.
import type { Penalty, PenaltyKind, Result } from '@/lib/api/types';
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

/** A penalty's amount as typed: a time as M:SS or seconds, reps and points as a number. */
export function parsePenaltyAmount(kind: PenaltyKind, text: string): { ok: true; amount: number } | { ok: false; error: string } {
  if (kind === 'time') {
    const t = parseTime(text);
    return t.ok ? { ok: true, amount: t.seconds } : { ok: false, error: t.error };
  }
  const amount = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(amount)) return { ok: false, error: 'Enter a number' };
  return { ok: true, amount };
}
