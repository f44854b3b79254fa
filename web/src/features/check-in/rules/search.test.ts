import { describe, expect, it } from 'vitest';
import { matches } from './search';

const team = { teamName: 'Müller & Søn', athlete1Name: 'Anna Müller', athlete2Name: 'José Ñúñez' };

describe('check-in search', () => {
  it('finds by team or athlete name without case or accents', () => {
    expect(matches(team, 'muller')).toBe(true);
    expect(matches(team, 'JOSE')).toBe(true);
    expect(matches(team, 'anna nunez')).toBe(true);
    expect(matches(team, '')).toBe(true);
    expect(matches(team, 'bravo')).toBe(false);
  });

  it('finds a team by any athlete of its roster, substitutes too', () => {
    const roster = { ...team, athletes: [{ name: 'Anna Müller' }, { name: 'José Ñúñez' }, { name: 'Zoë Sub' }] };
    expect(matches(roster, 'zoe')).toBe(true);
    expect(matches(team, 'zoe')).toBe(false);
  });
});
