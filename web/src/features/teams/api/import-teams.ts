import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { TeamImport, TeamImportRequest } from '@/lib/api/types';
import { useInvalidateTeams } from './teams';

/** Checks (dryRun) or imports the teams of a CSV file; see POST /api/teams/import. */
export const importTeams = (input: TeamImportRequest) => api.post<TeamImport>('/teams/import', input);

export function useImportTeams() {
  const invalidate = useInvalidateTeams();
  return useMutation({
    mutationFn: importTeams,
    onSuccess: (result, input) => (input.dryRun || result.errors.length > 0 ? undefined : invalidate()),
  });
}
