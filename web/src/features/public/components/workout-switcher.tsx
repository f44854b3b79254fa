import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LeaderboardWorkout } from '../api/types';
import { boardWorkouts } from '../rules/board-columns';
import { previewQuery } from './admin-preview';

/** 'Division Leaderboard' plus one 'Workout • name' option per workout with results (in the
 * order the server sends; a part named with its workout: boardWorkouts). */
export function WorkoutSwitcher({
  eventId,
  divisionId,
  workouts,
  current,
  preview = false,
}: {
  eventId: string;
  divisionId: string;
  workouts: LeaderboardWorkout[];
  /** The workout shown, or undefined on the division view. */
  current?: string;
  /** The admin preview was asked for: the other views ask for it too. */
  preview?: boolean;
}) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  const base = `/public/events/${eventId}/divisions/${divisionId}`;
  return (
    <label className="flex w-full flex-col gap-1 text-xs font-medium text-slate-600 sm:w-72">
      {/* A phone keeps its first screen for the board: the label is read, not shown. */}
      <span className="sr-only sm:not-sr-only">{t('board.view')}</span>
      <select
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-blue-500"
        value={current ?? ''}
        onChange={(e) => {
          const id = e.target.value;
          void navigate(`${id ? `${base}/workouts/${id}/leaderboard` : `${base}/leaderboard`}${previewQuery(preview)}`);
        }}
      >
        <option value="">{t('board.overall')}</option>
        {boardWorkouts(workouts).map(({ workout, name }) => (
          <option key={workout.id} value={workout.id}>
            {t('board.workoutOption', { name })}
          </option>
        ))}
      </select>
    </label>
  );
}
