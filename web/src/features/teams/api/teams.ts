import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '@/lib/api/client';
import type { NewTeam, Team, TeamChange } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';
import { STALE } from '@/lib/queryClient';

export const getEventTeams = (eventId: string) => api.get<Team[]>(`/teams/by-event/${eventId}`);
export const getDivisionTeams = (divisionId: string) => api.get<Team[]>(`/teams/by-division/${divisionId}`);
export const getTeam = (id: string) => api.get<Team>(`/teams/${id}`);
export const updateTeam = (id: string, input: TeamChange) => api.put<Team>(`/teams/${id}`, input);
export const deleteTeam = (id: string) => api.delete(`/teams/${id}`);
/** A division's teams as the team CSV import reads them (docs/rosters.md, "Where rosters show"). */
export const downloadTeamsCsv = (divisionId: string) => apiDownload(`/teams/by-division/${divisionId}/teams.csv`);
export const bulkCreateTeams = (input: { eventId: string; divisionId: string; teams: NewTeam[]; beyondCapacity?: boolean }) =>
  api.post<Team[]>('/teams/bulk', input);

export const eventTeamsQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.teams.byEvent(eventId), queryFn: () => getEventTeams(eventId), staleTime: STALE.teams });
export const divisionTeamsQuery = (divisionId: string) =>
  queryOptions({
    queryKey: queryKeys.teams.byDivision(divisionId),
    queryFn: () => getDivisionTeams(divisionId),
    staleTime: STALE.teams,
  });
export const teamQuery = (id: string) =>
  queryOptions({ queryKey: queryKeys.teams.detail(id), queryFn: () => getTeam(id), staleTime: STALE.teams });

export const useEventTeams = (eventId: string) => useQuery(eventTeamsQuery(eventId));
export const useDivisionTeams = (divisionId: string) => useQuery(divisionTeamsQuery(divisionId));
export const useTeam = (id: string) => useQuery(teamQuery(id));

/** Team changes alter team counts (divisions, events) and the result grids. */
export function useInvalidateTeams() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.teams.all, queryKeys.divisions.all, queryKeys.events.all, queryKeys.results.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** A refused change refetches too: a 409 may mean the team's results changed meanwhile. */
export function useUpdateTeam(id: string) {
  const invalidate = useInvalidateTeams();
  return useMutation({ mutationFn: (input: TeamChange) => updateTeam(id, input), onSettled: invalidate });
}

export function useDeleteTeam() {
  const invalidate = useInvalidateTeams();
  return useMutation({ mutationFn: deleteTeam, onSuccess: invalidate });
}
