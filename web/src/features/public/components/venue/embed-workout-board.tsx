import { useTranslation } from 'react-i18next';
import type { WorkoutLeaderboard } from '../../api/types';
import { formatPoints } from '../../rules/display';
import { RankMark, ResultValue } from '../result-bits';
import { EmbedFrame } from './embed-frame';

/** A workout's board of a division for another site's page: rank, team, result, points, and a
 * link to the full workout leaderboard. Teams without a result are listed after, muted, as on
 * the public page. */
export function EmbedWorkoutBoard({ board, reconnecting }: { board: WorkoutLeaderboard; reconnecting: boolean }) {
  const { t } = useTranslation('site');
  const { event, division, workout, results } = board;
  const empty = results.length === 0 || results.every((r) => r.isPlaceholder);
  return (
    <EmbedFrame
      title={`${event.name} · ${division.name} · ${workout.name}`}
      reconnecting={reconnecting}
      fullHref={`/public/events/${event.id}/divisions/${division.id}/workouts/${workout.id}/leaderboard`}
      fullLabel={t('venue.fullWorkout')}
    >
      {empty ? (
        <p className="py-6 text-center text-slate-600">{t('board.soon')}</p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label={t('board.results', { name: workout.name })}>
          {results.map((r) => (
            <li key={r.teamId} className={r.isPlaceholder ? 'flex items-center gap-3 py-1.5 text-slate-500' : 'flex items-center gap-3 py-1.5'}>
              <span className="w-12 shrink-0 text-center">
                <RankMark rank={r.isPlaceholder ? null : (r.displayRank ?? r.rank)} size="sm" />
              </span>
              <span className="min-w-0 flex-1 break-words font-medium">{r.teamName}</span>
              <ResultValue status={r.status} result={r.result} className="shrink-0" />
              <span className="w-12 shrink-0 text-right font-semibold tabular-nums">{formatPoints(r.points)}</span>
            </li>
          ))}
        </ol>
      )}
    </EmbedFrame>
  );
}
