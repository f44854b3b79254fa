import { describe, expect, it } from 'vitest';
import type { Result } from '@/lib/api/types';
import { applyEdit, refusedTeamId, toResultInputs, validateChanges } from './pending-changes';
import { resultColumnHeader } from './result-display';
import { parseResultInput } from '@/lib/result-input';

function row(teamId: string, teamName: string, scoreType: Result['scoreType']): Result {
  return {
    id: null,
    teamId,
    workoutId: 'w1',
    divisionId: 'd1',
    teamName,
    scoreType,
    timeCapSeconds: null,
    publicResultText: null,
    publicScaled: false,
    publicPenaltyText: '',
    publicTiebreakValue: null,
    timeCapText: null,
    status: 'not_started',
    resultText: '',
    resultValue: null,
    cappedReps: null,
    tiebreakValue: null,
    score: null,
    rank: null,
    isPublished: false,
    updatedAt: '',
    scaled: false,
    penalty: null,
    penaltyText: '',
  };
}

const rows = [row('t1', 'Alpha', 'TIME'), row('t2', 'Bravo', 'REPS')];

describe('pending changes', () => {
  it('clearing a cell removes its change', () => {
    const changes = applyEdit(applyEdit({}, 't1', '5:00'), 't1', '  ');
    expect(changes).toEqual({});
  });

  it('names the team and the rule in each message', () => {
    expect(validateChanges({ t1: '5:99', t2: 'x' }, rows)).toEqual([
      { teamId: 't1', message: 'Invalid time for team "Alpha": Seconds must be less than 60' },
      { teamId: 't2', message: 'Invalid result for team "Bravo": Enter a whole number' },
    ]);
    expect(validateChanges({ t1: ' ' }, rows)).toEqual([{ teamId: 't1', message: 'Result is required for team "Alpha"' }]);
  });

  it('checks a TIME against the row\'s cap', () => {
    const capped = [{ ...row('t1', 'Alpha', 'TIME'), timeCapSeconds: 600, timeCapText: '10:00' }];
    expect(validateChanges({ t1: '10:30' }, capped)).toEqual([
      { teamId: 't1', message: 'Invalid time for team "Alpha": Time must not exceed the time cap of 10:00; enter a capped result (CAP +reps) instead' },
    ]);
    expect(validateChanges({ t1: '9:59' }, capped)).toEqual([]);
  });

  it('finds the row a refused batch names', () => {
    const sent = toResultInputs({ t1: '5:00', t2: '40' }, rows);
    expect(refusedTeamId('results[1].resultValue', sent)).toBe('t2');
    expect(refusedTeamId('results[0].status', sent)).toBe('t1');
    expect(refusedTeamId('results[7].resultValue', sent)).toBeNull();
    expect(refusedTeamId('workoutId', sent)).toBeNull();
    expect(refusedTeamId(null, sent)).toBeNull();
  });

  it('builds the batch payload with status, value and capped reps', () => {
    expect(toResultInputs({ t1: 'CAP+12', t2: '40' }, rows)).toEqual([
      { teamId: 't1', workoutId: 'w1', status: 'capped', resultValue: null, cappedReps: 12, scaled: false, penalty: null },
      { teamId: 't2', workoutId: 'w1', status: 'completed', resultValue: 40, cappedReps: null, scaled: false, penalty: null },
    ]);
  });

  it("keeps a result's marks (Scaled, a penalty) when its value changes", () => {
    const penalty = { kind: 'reps', amount: 5, reason: 'short squats' };
    const marked = [{ ...row('t2', 'Bravo', 'REPS'), scaled: true, penalty }];
    expect(toResultInputs({ t2: '40' }, marked)).toEqual([
      { teamId: 't2', workoutId: 'w1', status: 'completed', resultValue: 40, cappedReps: null, scaled: true, penalty },
    ]);
  });
});

describe('result display', () => {
  // The server's resultText (internal/resulttext) is what a saved cell shows; saved
  // again unchanged it must mean the same result.
  it.each([
    ['8:42', 'TIME', { status: 'completed', resultValue: 522, cappedReps: null }],
    ['1:06:40', 'TIME', { status: 'completed', resultValue: 4000, cappedReps: null }],
    ['12:34.5', 'TIME', { status: 'completed', resultValue: 754.5, cappedReps: null }],
    ['CAP +15', 'TIME', { status: 'capped', resultValue: null, cappedReps: 15 }],
    ['DNF', 'TIME', { status: 'dnf', resultValue: null, cappedReps: null }],
    ['DNS', 'REPS', { status: 'dns', resultValue: null, cappedReps: null }],
    ['235', 'REPS', { status: 'completed', resultValue: 235, cappedReps: null }],
    ['102.5', 'MAX_WEIGHT', { status: 'completed', resultValue: 102.5, cappedReps: null }],
  ] as const)('reads the shown %s back as the same %s result', (text, scoreType, result) => {
    expect(parseResultInput(text, scoreType)).toEqual({ ok: true, result });
  });

  it('labels the Result column', () => {
    expect(resultColumnHeader('TIME')).toBe('Result (MM:SS)');
    expect(resultColumnHeader('REPS')).toBe('Result');
  });

  it('keeps the stored tiebreak when a new value can carry one, and drops it for DNF, DNS and DQ', () => {
    const tied = [{ ...row('t1', 'Alpha', 'TIME'), tiebreakValue: 245 }];
    expect(toResultInputs({ t1: '5:10' }, tied)[0]).toMatchObject({ status: 'completed', resultValue: 310, tiebreakValue: 245 });
    expect(toResultInputs({ t1: 'CAP+3' }, tied)[0]).toMatchObject({ status: 'capped', tiebreakValue: 245 });
    expect(toResultInputs({ t1: 'DNF' }, tied)[0]).not.toHaveProperty('tiebreakValue');
  });
});
