// The door's search: team or athlete name (every athlete of the roster), without case or
// accents, any part of a name.
type Searchable = { teamName: string; athlete1Name: string; athlete2Name: string; athletes?: { name?: string }[] };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function matches(team: Searchable, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const roster = (team.athletes ?? []).map((a) => a.name ?? '').join(' ');
  const text = fold(`${team.teamName} ${team.athlete1Name} ${team.athlete2Name} ${roster}`);
  return words.every((w) => text.includes(w));
}
