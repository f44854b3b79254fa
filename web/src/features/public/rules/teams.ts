// Rules of the public event teams page and the team page.
import type { LeaderboardTeam, TeamWorkoutResult } from '../api/types';

export type TeamsFilter = { kind: 'all' } | { kind: 'bookmarked' } | { kind: 'division'; divisionId: string };

/** Case-insensitive substring match on team name or division name. */
export function matchesSearch(team: Pick<LeaderboardTeam, 'name' | 'divisionName'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return team.name.toLowerCase().includes(q) || team.divisionName.toLowerCase().includes(q);
}

/** Bookmarked first, then overall rank ascending (unranked last), then name. */
export function compareTeams(bookmarked: ReadonlySet<string>) {
  return (a: LeaderboardTeam, b: LeaderboardTeam): number => {
    const ab = bookmarked.has(a.id);
    const bb = bookmarked.has(b.id);
    if (ab !== bb) return ab ? -1 : 1;
    const ar = a.overallRank ?? Number.POSITIVE_INFINITY;
    const br = b.overallRank ?? Number.POSITIVE_INFINITY;
    if (ar !== br) return ar < br ? -1 : 1;
    return a.name.localeCompare(b.name);
  };
}

export function visibleTeams(
  teams: readonly LeaderboardTeam[],
  filter: TeamsFilter,
  search: string,
  bookmarked: ReadonlySet<string>,
): LeaderboardTeam[] {
  return teams
    .filter((t) => {
      if (filter.kind === 'bookmarked') return bookmarked.has(t.id);
      if (filter.kind === 'division') return t.divisionId === filter.divisionId;
      return true;
    })
    .filter((t) => matchesSearch(t, search))
    .sort(compareTeams(bookmarked));
}

export function teamsHeading(filter: TeamsFilter, divisions: readonly { id: string; name: string }[]): string {
  if (filter.kind === 'bookmarked') return 'Bookmarked Teams';
  if (filter.kind === 'division') return `Division: ${divisions.find((d) => d.id === filter.divisionId)?.name ?? ''}`;
  return 'All Teams';
}

/** Lowest rank among workouts that have one, else null. */
export function bestWorkoutRank(results: readonly Pick<TeamWorkoutResult, 'rank'>[]): number | null {
  const ranks = results.map((r) => r.rank).filter((r): r is number => r !== null && r > 0);
  return ranks.length ? Math.min(...ranks) : null;
}
