// What an admin types into the Result column, per score type.
import type { ResultStatus, ScoreType } from '@/lib/api/types';
import { parseTime } from '@/lib/time';

export type ParsedResult = {
  status: Exclude<ResultStatus, 'not_started'>;
  resultValue: number | null;
  cappedReps: number | null;
};

export type ResultParse = { ok: true; result: ParsedResult } | { ok: false; error: string };

// The server's rule (results-svc/rules.go), in its words; result-input.cases.json holds the
// cases both test suites check, so the two cannot drift apart.
export const RESULT_ERRORS = {
  wholeNumber: 'Enter a whole number',
  number: 'Enter a number',
  notNegative: 'Value must be at least 0',
  countTooLarge: 'Value must be at most 1,000,000',
  weightTooLarge: 'Value must be at most 10,000',
  capTimeOnly: 'CAP results are only allowed for TIME workouts',
  capReps: 'Enter the reps after CAP (e.g., CAP+15)',
} as const;

/** A workout's cap as the server sends it on workouts and grid rows: seconds, and the text it
 * shows ("9:00"); both null without a cap. */
export type TimeCap = { timeCapSeconds: number | null; timeCapText: string | null };

/** A completed time above the workout's cap (docs/result-invariants.md); the server refuses it
 * with these words, naming the cap by its timeCapText as the grid shows it. */
export const overCapError = (capText: string) =>
  `Time must not exceed the time cap of ${capText}; enter a capped result (CAP +reps) instead`;

const ok = (result: ParsedResult): ResultParse => ({ ok: true, result });
const fail = (error: string): ResultParse => ({ ok: false, error });
const completed = (value: number): ResultParse => ok({ status: 'completed', resultValue: value, cappedReps: null });

function parseStatusWord(value: string): ResultParse | null {
  const word = value.toUpperCase();
  if (word === 'DNF') return ok({ status: 'dnf', resultValue: null, cappedReps: null });
  if (word === 'DNS' || word === 'WD') return ok({ status: 'dns', resultValue: null, cappedReps: null });
  if (word === 'DQ') return ok({ status: 'dq', resultValue: null, cappedReps: null });
  return null;
}

function parseCap(value: string, scoreType: ScoreType): ResultParse | null {
  const match = /^CAP\s*\+?\s*(.*)$/i.exec(value);
  if (!match) return null;
  if (scoreType !== 'TIME') return fail(RESULT_ERRORS.capTimeOnly);
  const reps = match[1] ?? '';
  if (!/^\d+$/.test(reps)) return fail(RESULT_ERRORS.capReps);
  return ok({ status: 'capped', resultValue: null, cappedReps: Number(reps) });
}

const MAX_COUNT = 1_000_000; // reps and points
const MAX_WEIGHT = 10_000;

/** A number of at least 0 and at most max; 0 is a valid REPS, MAX_WEIGHT and POINTS score. */
function inRange(number: number, max: number, tooLarge: string): ResultParse {
  if (number < 0) return fail(RESULT_ERRORS.notNegative);
  if (number > max) return fail(tooLarge);
  return completed(number + 0); // -0 is 0
}

function parseReps(value: string): ResultParse {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return fail(RESULT_ERRORS.wholeNumber);
  const reps = Number(value);
  if (reps >= 0 && !Number.isInteger(reps)) return fail(RESULT_ERRORS.wholeNumber);
  return inRange(reps, MAX_COUNT, RESULT_ERRORS.countTooLarge);
}

/** A decimal comma reads as a decimal point ("90,5" is 90.5), as many keyboards write it. */
function parseNumber(input: string, max: number, tooLarge: string): ResultParse {
  const value = input.replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (!/^-?\d+(\.\d+)?$/.test(value)) return fail(RESULT_ERRORS.number);
  return inRange(Number(value), max, tooLarge);
}

/** Parses a non-empty cell text into the result to save, or the message to show; a TIME above
 * the workout's cap (the workout or grid row's TimeCap, null for none) is refused, as the
 * server would. */
export function parseResultInput(input: string, scoreType: ScoreType, cap: TimeCap | null = null): ResultParse {
  const value = input.trim();
  const special = parseStatusWord(value) ?? parseCap(value, scoreType);
  if (special) return special;
  switch (scoreType) {
    case 'TIME': {
      const time = parseTime(value);
      if (!time.ok) return fail(time.error);
      const capSeconds = cap?.timeCapSeconds ?? null;
      if (capSeconds !== null && capSeconds > 0 && time.seconds > capSeconds) return fail(overCapError(cap?.timeCapText ?? ''));
      return completed(time.seconds);
    }
    case 'REPS':
      return parseReps(value);
    case 'MAX_WEIGHT':
      return parseNumber(value, MAX_WEIGHT, RESULT_ERRORS.weightTooLarge);
    case 'POINTS':
      return parseNumber(value, MAX_COUNT, RESULT_ERRORS.countTooLarge);
  }
}
