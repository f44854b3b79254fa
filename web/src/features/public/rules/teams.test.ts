import { describe, expect, it } from 'vitest';
import type { LeaderboardTeam } from '../api/types';
import { bestWorkoutRank, matchesSearch, teamsHeading, visibleTeams } from './teams';

const team = (id: string, name: string, divisionId: string, overallRank: number | null): LeaderboardTeam => ({
  id,
  name,
  divisionId,
  divisionName: divisionId === 'rx' ? 'RX Pairs' : 'Scaled Mixed',
  overallRank,
  totalPoints: overallRank === null ? null : 100 - overallRank,
  resultsEntered: 1,
  totalWorkouts: 3,
});

const teams = [
  team('1', 'Barbell Bandits', 'rx', 2),
  team('2', 'Kettlebell Kings', 'rx', 1),
  team('3', 'Anchor Crew', 'sc', null),
  team('4', 'Box Jumpers', 'sc', 1),
  team('5', 'Able Athletes', 'sc', null),
];

describe('teams search', () => {
  it('matches team or division names case-insensitively', () => {
    expect(matchesSearch(teams[0]!, 'BELL')).toBe(true);
    expect(matchesSearch(teams[0]!, 'rx pa')).toBe(true);
    expect(matchesSearch(teams[0]!, 'scaled')).toBe(false);
    expect(matchesSearch(teams[0]!, '   ')).toBe(true);
    const ids = visibleTeams(teams, { kind: 'all' }, 'scaled', new Set()).map((t) => t.id);
    expect(ids.sort()).toEqual(['3', '4', '5']);
    expect(visibleTeams(teams, { kind: 'all' }, 'nothing like it', new Set())).toEqual([]);
  });
});

describe('teams order', () => {
  it('puts bookmarked first, then rank ascending with unranked last, then name', () => {
    expect(visibleTeams(teams, { kind: 'all' }, '', new Set()).map((t) => t.name)).toEqual([
      'Box Jumpers',
      'Kettlebell Kings',
      'Barbell Bandits',
      'Able Athletes',
      'Anchor Crew',
    ]);
    expect(visibleTeams(teams, { kind: 'all' }, '', new Set(['3', '1'])).map((t) => t.name)).toEqual([
      'Barbell Bandits',
      'Anchor Crew',
      'Box Jumpers',
      'Kettlebell Kings',
      'Able Athletes',
    ]);
  });

  it('filters by bookmarks and by division', () => {
    expect(visibleTeams(teams, { kind: 'bookmarked' }, '', new Set(['5'])).map((t) => t.id)).toEqual(['5']);
    expect(visibleTeams(teams, { kind: 'division', divisionId: 'rx' }, '', new Set()).map((t) => t.id)).toEqual(['2', '1']);
    expect(visibleTeams(teams, { kind: 'division', divisionId: 'rx' }, 'kings', new Set()).map((t) => t.id)).toEqual(['2']);
  });

  it('names the heading', () => {
    const divisions = [{ id: 'rx', name: 'RX Pairs' }];
    expect(teamsHeading({ kind: 'all' }, divisions)).toBe('All Teams');
    expect(teamsHeading({ kind: 'bookmarked' }, divisions)).toBe('Bookmarked Teams');
    expect(teamsHeading({ kind: 'division', divisionId: 'rx' }, divisions)).toBe('Division: RX Pairs');
  });
});

describe('team page', () => {
  it('takes the best rank among the workouts that have one', () => {
    expect(bestWorkoutRank([{ rank: null }, { rank: 4 }, { rank: 2 }])).toBe(2);
    expect(bestWorkoutRank([{ rank: null }])).toBeNull();
  });
});
