// What a lane shows of its team (docs/heats.md, docs/rosters.md): an individual the athlete's
// name alone, a pair as it always was (its team's name), a bigger team its name and its
// starting athletes in roster order.
export type LaneTeam = { teamName: string; athleteNames?: string[]; teamSize?: number };

export function laneNames(lane: LaneTeam): { title: string; athletes: string } {
  const names = lane.athleteNames ?? [];
  const size = lane.teamSize ?? 2;
  if (size === 1) return { title: names[0] || lane.teamName, athletes: '' };
  if (size <= 2) return { title: lane.teamName, athletes: '' };
  return { title: lane.teamName, athletes: names.join(', ') };
}
