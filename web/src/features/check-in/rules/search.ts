// The door's search: team or athlete name, without case or accents, any part of a name.
type Searchable = { teamName: string; athlete1Name: string; athlete2Name: string };

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function matches(team: Searchable, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = fold(`${team.teamName} ${team.athlete1Name} ${team.athlete2Name}`);
  return words.every((w) => text.includes(w));
}
