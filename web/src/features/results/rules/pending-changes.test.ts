import { describe, expect, it } from 'vitest';
import type { Result } from '@/lib/api/types';
import { applyEdit, refusedTeamId, toResultInputs, validateChanges } from './pending-changes';
import { formatResultCell, resultColumnHeader } from './result-display';

function row(teamId: string, teamName: string, scoreType: Result['scoreType']): Result {
  return {
    id: null,
    teamId,
    workoutId: 'w1',
    divisionId: 'd1',
    teamName,
    scoreType,
    timeCapSeconds: null,
    status: 'not_started',
    resultValue: null,
    cappedReps: null,
    tiebreakValue: null,
    score: null,
    rank: null,
    isPublished: false,
    updatedAt: '',
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
    const capped = [{ ...row('t1', 'Alpha', 'TIME'), timeCapSeconds: 600 }];
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
      { teamId: 't1', workoutId: 'w1', status: 'capped', resultValue: null, cappedReps: 12 },
      { teamId: 't2', workoutId: 'w1', status: 'completed', resultValue: 40, cappedReps: null },
    ]);
  });
});

describe('result display', () => {
  it('shows saved results in the notation the admin types', () => {
    expect(formatResultCell({ status: 'completed', resultValue: 330, cappedReps: null, scoreType: 'TIME' })).toBe('05:30');
    expect(formatResultCell({ status: 'capped', resultValue: null, cappedReps: 15, scoreType: 'TIME' })).toBe('CAP+15');
    expect(formatResultCell({ status: 'dnf', resultValue: null, cappedReps: null, scoreType: 'REPS' })).toBe('DNF');
    expect(formatResultCell({ status: 'completed', resultValue: 42, cappedReps: null, scoreType: 'REPS' })).toBe('42');
    expect(formatResultCell({ status: 'not_started', resultValue: null, cappedReps: null, scoreType: 'REPS' })).toBe('');
  });

  it('labels the Result column', () => {
    expect(resultColumnHeader('TIME')).toBe('Result (MM:SS)');
    expect(resultColumnHeader('REPS')).toBe('Result');
  });
});
