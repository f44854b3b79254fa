import type { ScoreTypeOption } from '@/lib/api/types';
import { useScoreTypes } from './workouts';

/** Labels as the server names them; used until (or if) the score-types call answers. */
export const DEFAULT_SCORE_TYPES: ScoreTypeOption[] = [
  { value: 'TIME', label: 'Zeit' },
  { value: 'REPS', label: 'Wiederholungen' },
  { value: 'MAX_WEIGHT', label: 'Max. Gewicht' },
  { value: 'POINTS', label: 'Punkte' },
];

export function useScoreTypeOptions(eventId: string): ScoreTypeOption[] {
  const query = useScoreTypes(eventId);
  return query.data && query.data.length > 0 ? query.data : DEFAULT_SCORE_TYPES;
}
