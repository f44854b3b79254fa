import { describe, expect, it } from 'vitest';
import type { Heat, JudgeLink } from '@/lib/api/types';
import { cardLines } from './judge-cards';

const heat = {
  id: 'h1',
  workoutId: 'w1',
  number: 1,
  startTime: '2026-06-01T09:00:00Z',
  lanes: [
    { lane: 1, teamId: 't1', teamName: 'Jo Fit', divisionId: 'd1', athleteNames: ['Jo Fit'], teamSize: 1 },
    { lane: 2, teamId: 't2', teamName: 'Adler & Berg', divisionId: 'd2', athleteNames: ['Anna Adler', 'Ben Berg'], teamSize: 2 },
    { lane: 3, teamId: 't3', teamName: 'Trio', divisionId: 'd3', athleteNames: ['Ann', 'Bea', 'Cid'], teamSize: 3 },
  ],
} as unknown as Heat;

describe('judge card lines', () => {
  it('names an individual alone, a pair as before and a bigger team with its athletes', () => {
    const link = { workoutId: 'w1', heatId: 'h1', lanes: [] } as unknown as JudgeLink;
    expect(cardLines(link, [heat]).teams).toEqual(['Lane 1: Jo Fit', 'Lane 2: Adler & Berg', 'Lane 3: Trio (Ann, Bea, Cid)']);
  });
});
