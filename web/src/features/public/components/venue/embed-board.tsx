import type { DivisionLeaderboard } from '../../api/types';
import { formatPoints } from '../../rules/display';
import { RankMark } from '../result-bits';

/** A division's overall board for another site's page: rank, team, points, and a link to the
 * full leaderboard (a new tab: the framing page stays). */
export function EmbedBoard({
  board,
  eventId,
  divisionId,
  reconnecting,
}: {
  board: DivisionLeaderboard;
  eventId: string;
  divisionId: string;
  reconnecting: boolean;
}) {
  return (
    <div className="min-h-screen bg-white p-3 text-slate-900">
      <header className="mb-2 flex items-baseline justify-between gap-2">
        <h1 className="min-w-0 break-words text-lg font-bold">
          {board.event.name} · {board.division.name}
        </h1>
        {reconnecting && <span className="shrink-0 text-xs text-amber-700">Connection lost. Retrying...</span>}
      </header>
      {board.standings.length === 0 ? (
        <p className="py-6 text-center text-slate-600">Results Coming Soon</p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label={`${board.division.name} standings`}>
          {board.standings.map((s) => (
            <li key={s.teamId} className="flex items-center gap-3 py-1.5">
              <span className="w-12 shrink-0 text-center">
                <RankMark rank={s.rank} size="sm" withdrawn={s.withdrawn} />
              </span>
              <span className="min-w-0 flex-1 break-words font-medium">{s.teamName}</span>
              <span className="shrink-0 font-semibold tabular-nums">{s.withdrawn ? '–' : formatPoints(s.totalPoints)}</span>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-2 text-right text-xs">
        <a href={`/public/events/${eventId}/divisions/${divisionId}/leaderboard`} target="_blank" rel="noopener" className="text-blue-700 underline">
          Full leaderboard on Podium
        </a>
      </p>
    </div>
  );
}
