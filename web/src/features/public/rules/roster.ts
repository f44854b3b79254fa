// A team's roster as the team page shows it (docs/rosters.md): every athlete in order with their
// profile link (the place's own account), the captain and substitutes marked.
import type { TeamDetails } from '../api/types';

export type RosterName = { name: string; id: string; note: string };

export function rosterOf(team: TeamDetails['team']): RosterName[] {
  const places = team.athletes ?? [];
  const several = places.length > 1;
  return places.map((a) => ({
    name: a.name ?? '',
    id: a.athleteId ?? '',
    note: a.substitute ? 'substitute' : a.captain && several ? 'captain' : '',
  }));
}
