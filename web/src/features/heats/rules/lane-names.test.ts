import { describe, expect, it } from 'vitest';
import { laneNames } from './lane-names';

describe('lane names', () => {
  it('shows an individual by the athlete name alone', () => {
    expect(laneNames({ teamName: 'Jo Fit', athleteNames: ['Jo Fit'], teamSize: 1 })).toEqual({ title: 'Jo Fit', athletes: '' });
  });
  it('keeps a pair as it was: the team name', () => {
    expect(laneNames({ teamName: 'Adler & Berg', athleteNames: ['Anna Adler', 'Ben Berg'], teamSize: 2 })).toEqual({ title: 'Adler & Berg', athletes: '' });
    expect(laneNames({ teamName: 'Old Pair' })).toEqual({ title: 'Old Pair', athletes: '' });
  });
  it('lists a bigger team starting athletes in roster order', () => {
    expect(laneNames({ teamName: 'Four Barbells', athleteNames: ['Ann', 'Bea', 'Cid', 'Dan'], teamSize: 4 })).toEqual({
      title: 'Four Barbells',
      athletes: 'Ann, Bea, Cid, Dan',
    });
  });
});
