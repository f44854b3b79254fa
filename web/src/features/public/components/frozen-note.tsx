/**
 * The organiser froze the event's public board (the server's LeaderboardEvent.frozen,
 * docs/qualifiers.md "The leaderboard freeze"): the standings stay as they were while judges
 * finish, and the page says so.
 */
export function FrozenNote({ frozen }: { frozen: boolean }) {
  if (!frozen) return null;
  return (
    <p role="note" className="mb-4 rounded-md border border-sky-200 bg-sky-50 px-4 py-2 text-sm font-medium text-sky-900">
      Leaderboard frozen: the standings stay as they are while the judges finish.
    </p>
  );
}
