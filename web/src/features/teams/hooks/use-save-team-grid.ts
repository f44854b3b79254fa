import { useMutation } from '@tanstack/react-query';
import { bulkCreateTeams, updateTeam, useInvalidateTeams } from '../api/teams';
import type { SavePlan } from '../rules/grid-rows';

/** Dirty saved rows are updated one by one, then all new rows are created in one bulk call. */
/** `onSaved` runs even when the refetch that follows has remounted the grid. */
export function useSaveTeamGrid(eventId: string, divisionId: string, onSaved: () => void) {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: async (plan: SavePlan) => {
      for (const update of plan.updates) {
        await updateTeam(update.id, { ...update.body, divisionId });
      }
      if (plan.creates.length > 0) await bulkCreateTeams({ eventId, divisionId, teams: plan.creates });
    },
    onSuccess: onSaved,
    onSettled: invalidate,
  });
}
