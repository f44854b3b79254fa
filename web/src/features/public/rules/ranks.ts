// Why a team is where it is: its movement with the division's latest workout and its tie note.
// Both come from the server's standings (results-svc/scoring decides the tie-break and the rank
// before the latest workout); the page only words them, never ranks again.
import { i18n } from '@/lib/i18n/i18n';
import type { StandingTie } from '../api/types';
import { formatNumber } from './display';

export type Movement = { dir: 'up' | 'down'; places: number } | { dir: 'same' } | null;

/** Places gained (up) or lost (down) since the rank before the latest workout; null when the
 * team had no rank then or has none now. */
export function movement(rank: number | null | undefined, previousRank: number | null | undefined): Movement {
  if (rank === null || rank === undefined || previousRank === null || previousRank === undefined) return null;
  if (rank === previousRank) return { dir: 'same' };
  return rank < previousRank ? { dir: 'up', places: previousRank - rank } : { dir: 'down', places: rank - previousRank };
}

/** "▲2", "▼1"; '' when unchanged or unknown. */
export function movementMark(m: Movement): string {
  if (!m || m.dir === 'same') return '';
  return `${m.dir === 'up' ? '▲' : '▼'}${m.places}`;
}

/** What a screen reader hears for the mark: "Up 2 places with Fran". */
export function movementLabel(m: Movement, workoutName: string | undefined): string {
  if (!m) return '';
  const options = { count: m.dir === 'same' ? 0 : m.places, workout: workoutName };
  if (m.dir === 'same') return workoutName ? i18n.t('movement.sameWith', options) : i18n.t('movement.same');
  if (m.dir === 'up') return workoutName ? i18n.t('movement.upWith', options) : i18n.t('movement.up', options);
  return workoutName ? i18n.t('movement.downWith', options) : i18n.t('movement.down', options);
}

/** How the event breaks equal totals, as the division leaderboard says: countback, the place
 * in one workout (by name), or none (shared). */
export type TieBreak = { kind: 'countback' } | { kind: 'workout'; workout: string } | { kind: 'shared' };

/** "Tied on 285; ahead on countback" (or "ahead in Fran") from the server's tie decision; ''
 * when not tied. */
export function tieNote(tie: StandingTie | undefined, total: number | null | undefined, rule: TieBreak = { kind: 'countback' }): string {
  if (total === null || total === undefined) return '';
  const options = { total: formatNumber(total), workout: rule.kind === 'workout' ? rule.workout : '' };
  const workout = rule.kind === 'workout';
  switch (tie) {
    case 'ahead':
      return workout ? i18n.t('tie.aheadIn', options) : i18n.t('tie.aheadCountback', options);
    case 'behind':
      return workout ? i18n.t('tie.behindIn', options) : i18n.t('tie.behindCountback', options);
    case 'shared':
      return i18n.t('tie.shared', options);
    default:
      return '';
  }
}
