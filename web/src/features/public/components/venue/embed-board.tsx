import { useTranslation } from 'react-i18next';
import type { DivisionLeaderboard } from '../../api/types';
import { formatPoints } from '../../rules/display';
import { RankMark } from '../result-bits';
import { EmbedFrame } from './embed-frame';

/** A division's overall board for another site's page: rank, team, points, and a link to the
 * full leaderboard. */
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
  const { t } = useTranslation('site');
  return (
    <EmbedFrame
      title={`${board.event.name} · ${board.division.name}`}
      reconnecting={reconnecting}
      fullHref={`/public/events/${eventId}/divisions/${divisionId}/leaderboard`}
      fullLabel={t('venue.fullBoard')}
    >
      {board.standings.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t('board.soon')}</p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label={t('board.standings', { name: board.division.name })}>
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
    </EmbedFrame>
  );
}
