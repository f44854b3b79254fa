// What removing or moving a team does to its results, in the words the console asks with
// (docs/result-invariants.md). A team with published results is locked (grid-rows.ts isLocked); these
// are about the draft results an unlocked team may have.

/** "1 result", "3 results". */
export const resultCount = (count: number) => `${count} ${count === 1 ? 'result' : 'results'}`;

/** The confirm before deleting a team: says how many draft results go with it. */
export function deleteTeamConfirm(name: string, resultsCount: number): string {
  if (resultsCount === 0) return `Delete team ${name}? This cannot be undone.`;
  return `Delete team ${name}? Its ${resultCount(resultsCount)} (draft) will be deleted too. This cannot be undone.`;
}

/** The confirm before moving a team with results: they were scored in its division and go. */
export function moveTeamConfirm(name: string, from: string, to: string, resultsCount: number): string {
  return `Move team ${name} from ${from} to ${to}? Its ${resultCount(resultsCount)} will be deleted, because results count in the division they were entered for. This cannot be undone.`;
}
