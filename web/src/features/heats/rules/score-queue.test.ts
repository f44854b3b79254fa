import { describe, expect, it } from 'vitest';
import type { StoredScore } from '../api/score-store';
import { knownValue, laneMark, queueSummary } from './score-queue';

const score = (over: Partial<StoredScore>): StoredScore => ({
  clientId: crypto.randomUUID(), seq: 0, linkKey: 'k', token: 't', heatId: 'h', heatNumber: 1, lane: 1, teamName: 'A', text: '7:34',
  input: { teamId: 'x', status: 'completed', resultValue: 454, cappedReps: null, clientId: 'c', basedOn: '' }, state: 'queued', ...over,
});

describe('queueSummary', () => {
  it('counts what waits, then what needs the judge, then says all sent', () => {
    expect(queueSummary([score({}), score({}), score({})], true).text).toBe('3 scores waiting to send');
    expect(queueSummary([score({})], false).text).toBe('1 score waiting to send');
    expect(queueSummary([score({ state: 'conflict' })], true).text).toBe('1 score needs your attention');
    expect(queueSummary([], true)).toEqual({ text: 'All sent', tone: 'done' });
  });

  it('says nothing of an empty queue before the server has answered a score', () => {
    expect(queueSummary([], false)).toEqual({ text: '', tone: 'none' });
  });
});

describe('knownValue', () => {
  it("is the phone's newest score of the lane still waiting, else the server's", () => {
    const list = [score({ seq: 1, text: '7:34' }), score({ seq: 2, text: '7:40' }), score({ seq: 3, text: '9:99', state: 'refused' }), score({ lane: 2, text: '1:00' })];
    expect(knownValue(list, 'h', 1, '6:00')).toBe('7:40');
    expect(knownValue(list, 'h', 3, '6:00')).toBe('6:00');
    expect(knownValue([score({ text: '7:34', state: 'conflict' })], 'h', 1, '8:00')).toBe('8:00');
  });
});

describe('laneMark', () => {
  it('puts a conflict or a refusal before the server\'s entered result, never "✓ entered" over a choice', () => {
    expect(laneMark([score({ text: '6:00', state: 'conflict' })], 'h', 1, true, '5:30')).toEqual({
      tone: 'attention', text: '6:00', label: '⚠ conflict: choose below',
    });
    expect(laneMark([score({ state: 'refused' })], 'h', 1, true, '5:30').label).toBe('⚠ not saved: see below');
    expect(laneMark([score({ text: '7:40' })], 'h', 1, true, '5:30')).toEqual({ tone: 'waiting', text: '7:40', label: 'waiting' });
    expect(laneMark([score({ lane: 2, state: 'conflict' })], 'h', 1, true, '5:30')).toEqual({ tone: 'entered', text: '5:30', label: '✓ entered' });
    expect(laneMark([], 'h', 1, false).tone).toBe('none');
  });
});
