// What a judge enters on the phone (docs/heats.md): the kind of score and its digits. The text
// it makes is parsed by the result grid's own rules (parseResultInput, lib/result-input.ts), so the judge's screen
// accepts exactly what the grid accepts.
import type { ScoreType } from '@/lib/api/types';
import { parseResultInput, type ResultParse, type TimeCap } from '@/lib/result-input';
import { i18n } from '@/lib/i18n/i18n';

export type EntryKind = 'time' | 'cap' | 'value' | 'dnf' | 'dns';

/** `scaled`: done Scaled (docs/scoring.md); absent in drafts kept before it existed: Rx. */
export type JudgeEntry = { kind: EntryKind; digits: string; reps: string; value: string; scaled?: boolean };

export const EMPTY_ENTRY: JudgeEntry = { kind: 'time', digits: '', reps: '', value: '' };

export const ENTRY_ERRORS = {
  time: 'judge:entry.errorTime',
  reps: 'judge:entry.errorReps',
  value: 'judge:entry.errorValue',
} as const;

/** Nothing typed or chosen yet: no draft to keep. */
export const isBlank = (e: JudgeEntry): boolean => (e.kind === 'time' || e.kind === 'value') && !e.digits && !e.value && !e.reps;

/** The kinds a workout offers: TIME has a time and CAP + reps; the others one number. */
export function entryKinds(scoreType: ScoreType): EntryKind[] {
  return scoreType === 'TIME' ? ['time', 'cap', 'dnf', 'dns'] : ['value', 'dnf', 'dns'];
}

export const firstKind = (scoreType: ScoreType): EntryKind => entryKinds(scoreType)[0] ?? 'value';

/** A phone's number pad has no colon: keep up to four digits, the last two are seconds. */
export const timeDigits = (input: string): string => input.replace(/\D/g, '').replace(/^0+(?=\d)/, '').slice(0, 4);

/** '' → ''; '5' → '0:05'; '734' → '7:34'; '1234' → '12:34'. */
export function formatTimeDigits(digits: string): string {
  if (!digits) return '';
  const padded = digits.padStart(3, '0');
  return `${Number(padded.slice(0, -2))}:${padded.slice(-2)}`;
}

/** The entry as the judge typed it, in the grid's notation ('7:34', 'CAP +15', 'DNF'): what
 * the confirm step shows and the parser reads. */
export function entryText(entry: JudgeEntry): string {
  switch (entry.kind) {
    case 'dnf':
      return 'DNF';
    case 'dns':
      return 'DNS';
    case 'time':
      return formatTimeDigits(entry.digits);
    case 'cap':
      return entry.reps.trim() ? `CAP +${entry.reps.trim()}` : '';
    case 'value':
      return entry.value.trim();
  }
}

/** What the confirm step shows: the entry, and "(Scaled)" when it is. */
export const entryShown = (entry: JudgeEntry): string => `${entryText(entry)}${entry.scaled ? ` ${i18n.t('judge:entry.scaledMark')}` : ''}`;

const MISSING: Record<EntryKind, string | null> = { time: ENTRY_ERRORS.time, cap: ENTRY_ERRORS.reps, value: ENTRY_ERRORS.value, dnf: null, dns: null };

/** The entry as the grid would read it against the workout's cap, or the message to show. */
export function parseEntry(entry: JudgeEntry, scoreType: ScoreType, cap: TimeCap | null = null): ResultParse {
  const text = entryText(entry);
  const missing = MISSING[entry.kind];
  if (!text && missing) return { ok: false, error: i18n.t(missing) };
  return parseResultInput(text, scoreType, cap);
}
