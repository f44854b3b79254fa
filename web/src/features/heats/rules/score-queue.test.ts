import { describe, expect, it } from 'vitest';
import type { StoredScore } from '../api/score-store';
import { knownValue, queueSummary } from './score-queue';

const score = (over: Partial<StoredScore>): StoredScore => ({
  clientId: crypto.randomUUID(), seq: 0, linkKey: 'k', token: 't', heatId: 'h', heatNumber: 1, lane: 1, teamName: 'A', text: '7:34',
  input: { teamId: 'x', status: 'completed', resultValue: 454, cappedReps: null, clientId: 'c', basedOn: '' }, state: 'queued', ...over,
});

describe('queueSummary', () => {
  it('counts what waits, then what needs the judge, then says all sent', () => {
    expect(queueSummary([score({}), score({}), score({}), score({ state: 'sent' })]).text).toBe('3 scores waiting to send');
    expect(queueSummary([score({})]).text).toBe('1 score waiting to send');
    expect(queueSummary([score({ state: 'conflict' }), score({ state: 'sent' })]).text).toBe('1 score needs your attention');
    expect(queueSummary([score({ state: 'sent' })])).toEqual({ text: 'All sent', tone: 'done' });
    expect(queueSummary([]).tone).toBe('none');
  });
});

describe('knownValue', () => {
  it("is the phone's newest score of the lane still waiting, else the server's", () => {
    const list = [score({ seq: 1, text: '7:34', state: 'sent' }), score({ seq: 2, text: '7:40' }), score({ seq: 3, text: '9:99', state: 'refused' }), score({ lane: 2, text: '1:00' })];
    expect(knownValue(list, 'h', 1, '6:00')).toBe('7:40');
    expect(knownValue(list, 'h', 3, '6:00')).toBe('6:00');
    expect(knownValue([score({ text: '7:34', state: 'sent' })], 'h', 1, '8:00')).toBe('8:00');
  });
});
