import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '@/components/error-panel';
import { ApiError } from '@/lib/api/client';
import type { Team } from '@/lib/api/types';
import { emptyReport, type SaveReport } from '@/lib/unsaved/save-report';
import { bulkCreateTeams, updateTeam, useInvalidateTeams } from '../api/teams';
import type { SavePlan } from '../rules/grid-rows';

/** overCapacity: the server's refusal of the new rows because their division is full (field beyondCapacity); the grid then offers to add them beyond it. */
export type GridSaveOutcome = { report: SaveReport; savedKeys: Set<string>; created: Map<string, Team>; overCapacity: string | null };

/** The message of a refusal on beyondCapacity: the division has too few places left. */
export function capacityRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.field === 'beyondCapacity' ? error.message : null;
}

/**
 * Dirty saved rows are updated one by one, then all new rows are created in one bulk call (one
 * transaction on the server). A failure never stops the report: each row is listed as saved or
 * not saved with the server's message, and the grid keeps what was not saved.
 */
export function useSaveTeamGrid(eventId: string, divisionId: string) {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: async ({ plan, beyondCapacity }: { plan: SavePlan; beyondCapacity: boolean }): Promise<GridSaveOutcome> => {
      const outcome: GridSaveOutcome = { report: emptyReport(), savedKeys: new Set(), created: new Map(), overCapacity: null };
      for (const update of plan.updates) {
        try {
          await updateTeam(update.id, { ...update.body, divisionId });
          outcome.savedKeys.add(update.key);
          outcome.report.saved.push(update.body.name);
        } catch (error) {
          outcome.report.failed.push({ label: update.body.name, message: errorMessage(error) });
        }
      }
      if (plan.creates.length > 0) {
        try {
          const teams = await bulkCreateTeams({ eventId, divisionId, teams: plan.creates.map((c) => c.team), beyondCapacity });
          plan.creates.forEach((create, index) => {
            const team = teams[index];
            if (team) outcome.created.set(create.key, team);
            outcome.report.saved.push(create.team.name);
          });
        } catch (error) {
          const message = errorMessage(error);
          outcome.overCapacity = capacityRefusal(error);
          plan.creates.forEach((create) => outcome.report.failed.push({ label: create.team.name, message }));
        }
      }
      return outcome;
    },
    onSettled: invalidate,
  });
}
