import { describe, expect, it } from 'vitest';
import { amountText, penaltyKinds } from '@/lib/penalty';
import { marksText, parseMarks } from './marks';

describe('result marks', () => {
  it('offers the penalty kinds that fit the result', () => {
    expect(penaltyKinds({ scoreType: 'TIME', status: 'completed' })).toEqual(['time', 'points']);
    expect(penaltyKinds({ scoreType: 'TIME', status: 'capped' })).toEqual(['reps', 'points']);
    expect(penaltyKinds({ scoreType: 'REPS', status: 'completed' })).toEqual(['reps', 'points']);
    expect(penaltyKinds({ scoreType: 'MAX_WEIGHT', status: 'dnf' })).toEqual(['points']);
    expect(penaltyKinds({ scoreType: 'TIME', status: 'dns' })).toEqual([]);
    expect(penaltyKinds({ scoreType: 'TIME', status: 'dq' })).toEqual([]);
  });

  it('reads a time penalty as M:SS or seconds, and no kind as no penalty', () => {
    expect(parseMarks({ scaled: true, kind: 'time', amount: '0:30', reason: 'no-rep' })).toEqual({
      ok: true,
      marks: { scaled: true, penalty: { kind: 'time', amount: 30, reason: 'no-rep' } },
    });
    expect(parseMarks({ scaled: false, kind: 'time', amount: '45', reason: 'x' })).toMatchObject({ ok: true, marks: { penalty: { amount: 45 } } });
    expect(parseMarks({ scaled: false, kind: 'time', amount: 'soon', reason: 'x' })).toMatchObject({ ok: false, field: 'amount' });
    expect(parseMarks({ scaled: false, kind: 'points', amount: '', reason: 'x' })).toMatchObject({ ok: false, field: 'amount' });
    expect(parseMarks({ scaled: true, kind: '', amount: '5', reason: '' })).toEqual({ ok: true, marks: { scaled: true, penalty: null } });
  });

  it('shows the marks and a stored amount', () => {
    expect(marksText({ scaled: true, penaltyText: '+0:30: no-rep' })).toBe('Scaled · ⚑ +0:30: no-rep');
    expect(marksText({ scaled: false, penaltyText: '' })).toBe('');
    expect(amountText({ kind: 'time', amount: 90, reason: '' })).toBe('1:30');
    expect(amountText({ kind: 'reps', amount: 5, reason: '' })).toBe('5');
  });
});
