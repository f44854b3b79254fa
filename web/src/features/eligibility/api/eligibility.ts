// Eligibility per division (docs/eligibility.md): a division's settings, the event's member
// list and the organiser's overrides (console session).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type DivisionEligibility = Complete<definitions['v1DivisionEligibility']>;
export type MemberList = { members: Complete<definitions['v1Member']>[]; count: number; importedAt: string; importedBy: string };
export type MemberImport = { imported: number; errors: Complete<definitions['v1MemberLineError']>[]; importedAt: string };
export type Override = Complete<definitions['v1EligibilityOverride']>;
export type OverrideInput = { divisionId: string; athleteEmail: string; rule: string; reason: string };

export const RULES = ['age', 'category', 'membership', 'drop_back'] as const;

export const eligibilityKeys = {
  all: ['eligibility'] as const,
  division: (divisionId: string) => [...eligibilityKeys.all, 'division', divisionId] as const,
  members: (eventId: string) => [...eligibilityKeys.all, 'members', eventId] as const,
  overrides: (eventId: string) => [...eligibilityKeys.all, 'overrides', eventId] as const,
};

export const eligibilityQueries = {
  division: (divisionId: string) =>
    queryOptions({ queryKey: eligibilityKeys.division(divisionId), queryFn: () => api.get<DivisionEligibility>(`/divisions/${divisionId}/eligibility`) }),
  members: (eventId: string) =>
    queryOptions({ queryKey: eligibilityKeys.members(eventId), queryFn: () => api.get<MemberList>(`/events/${eventId}/members`) }),
  overrides: (eventId: string) =>
    queryOptions({
      queryKey: eligibilityKeys.overrides(eventId),
      queryFn: () => api.get<{ overrides: Override[] }>(`/events/${eventId}/eligibility/overrides`),
    }),
};

export const useDivisionEligibility = (divisionId: string) => useQuery({ ...eligibilityQueries.division(divisionId), enabled: !!divisionId });
export const useMembers = (eventId: string) => useQuery({ ...eligibilityQueries.members(eventId), enabled: !!eventId });
export const useOverrides = (eventId: string) => useQuery({ ...eligibilityQueries.overrides(eventId), enabled: !!eventId });

export function usePutDivisionEligibility(divisionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { requiresMembership: boolean; level: number }) =>
      api.put<DivisionEligibility>(`/divisions/${divisionId}/eligibility`, input),
    onSuccess: (data) => queryClient.setQueryData(eligibilityKeys.division(divisionId), data),
  });
}

export function useImportMembers(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.post<MemberImport>(`/events/${eventId}/members/import`, { csv }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eligibilityKeys.members(eventId) }),
  });
}

export function useCreateOverride(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OverrideInput) => api.post<Override>(`/events/${eventId}/eligibility/overrides`, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eligibilityKeys.overrides(eventId) }),
  });
}

export function useDeleteOverride(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/events/${eventId}/eligibility/overrides/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eligibilityKeys.overrides(eventId) }),
  });
}

export const downloadMembersCsv = (eventId: string) => apiDownload(`/events/${eventId}/members.csv`);
