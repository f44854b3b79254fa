import { describe, expect, it } from 'vitest';
import type { ScoreType } from '@/lib/api/types';
import { TIME_ERRORS } from '@/lib/time';
import { overCapError, parseResultInput, RESULT_ERRORS } from './result-input';
import cases from './result-input.cases.json';

const TEN = { timeCapSeconds: 600, timeCapText: '10:00' };

const completed = (resultValue: number) => ({ ok: true, result: { status: 'completed', resultValue, cappedReps: null } });

describe('parseResultInput', () => {
  it('parses TIME as MM:SS or seconds', () => {
    expect(parseResultInput('5:30', 'TIME')).toEqual(completed(330));
    expect(parseResultInput('330', 'TIME')).toEqual(completed(330));
    expect(parseResultInput('5:75', 'TIME')).toEqual({ ok: false, error: TIME_ERRORS.secondsTooLarge });
  });

  it('refuses a completed time above the cap, in the server\'s words, and takes the cap itself', () => {
    expect(parseResultInput('10:01', 'TIME', TEN)).toEqual({
      ok: false,
      error: 'Time must not exceed the time cap of 10:00; enter a capped result (CAP +reps) instead',
    });
    expect(parseResultInput('601', 'TIME', TEN)).toEqual({ ok: false, error: overCapError('10:00') });
    expect(parseResultInput('9:01', 'TIME', { timeCapSeconds: 540, timeCapText: '9:00' })).toEqual({
      ok: false,
      error: 'Time must not exceed the time cap of 9:00; enter a capped result (CAP +reps) instead',
    });
    expect(parseResultInput('10:00', 'TIME', TEN)).toEqual(completed(600));
    expect(parseResultInput('61:00', 'TIME', null)).toEqual(completed(3660));
    expect(parseResultInput('CAP+15', 'TIME', TEN)).toMatchObject({ ok: true });
  });

  it.each(['CAP+15', 'cap 15', 'CAP +15', 'Cap+15'])('parses %s as capped with 15 reps', (input) => {
    expect(parseResultInput(input, 'TIME')).toEqual({
      ok: true,
      result: { status: 'capped', resultValue: null, cappedReps: 15 },
    });
  });

  it('allows CAP only on TIME and needs the reps', () => {
    expect(parseResultInput('CAP+15', 'REPS')).toEqual({ ok: false, error: RESULT_ERRORS.capTimeOnly });
    expect(parseResultInput('CAP', 'TIME')).toEqual({ ok: false, error: RESULT_ERRORS.capReps });
  });

  it.each([
    ['DNF', 'dnf'],
    ['dnf', 'dnf'],
    ['DNS', 'dns'],
    ['WD', 'dns'],
    ['wd', 'dns'],
  ])('parses %s as %s for every score type', (input, status) => {
    for (const type of ['TIME', 'REPS', 'MAX_WEIGHT', 'POINTS'] as const) {
      expect(parseResultInput(input, type)).toEqual({ ok: true, result: { status, resultValue: null, cappedReps: null } });
    }
  });

  it('parses REPS as a whole number of at least 0: a team that scored 0 reps can be entered', () => {
    expect(parseResultInput('120', 'REPS')).toEqual(completed(120));
    expect(parseResultInput('0', 'REPS')).toEqual(completed(0));
    expect(parseResultInput('12.5', 'REPS')).toEqual({ ok: false, error: RESULT_ERRORS.wholeNumber });
    expect(parseResultInput('-3', 'REPS')).toEqual({ ok: false, error: RESULT_ERRORS.notNegative });
    expect(parseResultInput('many', 'REPS')).toEqual({ ok: false, error: RESULT_ERRORS.wholeNumber });
  });

  it('accepts what the server accepts, with its words (result-input.cases.json, also read by results-svc)', () => {
    for (const c of cases.cases as { scoreType: ScoreType; text: string; value: number; error?: string }[]) {
      const want = c.error === undefined ? completed(c.value) : { ok: false, error: c.error };
      expect({ case: `${c.scoreType} ${c.text}`, got: parseResultInput(c.text, c.scoreType) }).toEqual({ case: `${c.scoreType} ${c.text}`, got: want });
    }
  });

  it('parses MAX_WEIGHT and POINTS as numbers of at least 0', () => {
    expect(parseResultInput('102.5', 'MAX_WEIGHT')).toEqual(completed(102.5));
    expect(parseResultInput('90,5', 'MAX_WEIGHT')).toEqual(completed(90.5));
    expect(parseResultInput('12,25', 'POINTS')).toEqual(completed(12.25));
    expect(parseResultInput('1,2,3', 'MAX_WEIGHT')).toEqual({ ok: false, error: RESULT_ERRORS.number });
    expect(parseResultInput('0', 'POINTS')).toEqual(completed(0));
    expect(parseResultInput('-1', 'POINTS')).toEqual({ ok: false, error: RESULT_ERRORS.notNegative });
    expect(parseResultInput('heavy', 'MAX_WEIGHT')).toEqual({ ok: false, error: RESULT_ERRORS.number });
  });
});
