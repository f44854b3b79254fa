import type { ScoreTypeOption } from '@/lib/api/types';
import { useScoreTypes } from './workouts';

/** The score types with their labels, as competition-svc names them (competition-svc/rules.go is
 * their one home); none until the call answers. */
export function useScoreTypeOptions(eventId: string): readonly ScoreTypeOption[] {
  return useScoreTypes(eventId).data ?? [];
}
