// Division changes on request (docs/registration.md, "Division changes"): the captain asks to
// move the registration to another division of the event or cancels the request; the
// organiser approves (optionally past the new division's eligibility rules, with a reason) or
// refuses with a reason the team is mailed.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, athleteApi } from '@/lib/api/client';
import { queryKeys } from '@/lib/queryKeys';
import type { Registration } from './registration';

export type DivisionChangeInput = { divisionId: string; note: string };

/** A change moves the registration and its team: every list and the division's teams follow. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.registration.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.teams.all }),
    ]);
}

export function useRequestDivisionChange(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: DivisionChangeInput) => athleteApi.post<Registration>(`/registration/registrations/${id}/division-change`, input),
    onSuccess: invalidate,
  });
}

export function useCancelDivisionChange(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: () => athleteApi.post<Registration>(`/registration/registrations/${id}/division-change/cancel`),
    onSuccess: invalidate,
  });
}

export function useApproveDivisionChange(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (overrideReason: string) => api.post<Registration>(`/registrations/${id}/division-change/approve`, { overrideReason }),
    onSuccess: invalidate,
  });
}

export function useRefuseDivisionChange(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (reason: string) => api.post<Registration>(`/registrations/${id}/division-change/refuse`, { reason }),
    onSuccess: invalidate,
  });
}
