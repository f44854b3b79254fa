// Transfers of a place to another athlete (docs/registration.md, "Transfers"): the athlete or
// the captain offers a place to an address, the organiser whatever the roster lock; the new
// athlete reads the mailed link before signing in and accepts it signed in.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, athleteApi } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { queryKeys } from '@/lib/queryKeys';
import type { EligibilityInput, Registration } from './registration';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type TransferInvitation = Complete<definitions['v1TransferInvitation']>;
/** An offer of a place: 0 is the caller's own place. */
export type TransferInput = { position: number; email: string };
export type AcceptTransferInput = { key: string } & EligibilityInput;

export const transferQueries = {
  link: (key: string) =>
    queryOptions({
      queryKey: queryKeys.registration.transfer(key),
      queryFn: () => athleteApi.get<TransferInvitation>(`/registration/transfers/${encodeURIComponent(key)}`),
      retry: false,
    }),
};

/** What a transfer link is for (public: the key is the secret). */
export const useTransferLink = (key: string) => useQuery({ ...transferQueries.link(key), enabled: !!key });

/** A transfer changes the registration lists and the division's teams. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.registration.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.teams.all }),
    ]);
}

/** The athlete's (or captain's) offer of a place, and its cancellation. */
export function useOfferTransfer(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: TransferInput) => athleteApi.post<Registration>(`/registration/registrations/${id}/transfers`, input),
    onSuccess: invalidate,
  });
}

export function useCancelTransfer(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (position: number) => athleteApi.post<Registration>(`/registration/registrations/${id}/transfers/cancel`, { position }),
    onSuccess: invalidate,
  });
}

/** The organiser's offer of a place, whatever the roster lock, and its cancellation. */
export function useOrganiserTransfer(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: TransferInput) => api.post<Registration>(`/registrations/${id}/transfers`, input),
    onSuccess: invalidate,
  });
}

export function useOrganiserCancelTransfer(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (position: number) => api.post<Registration>(`/registrations/${id}/transfers/cancel`, { position }),
    onSuccess: invalidate,
  });
}

/** The new athlete takes the place. */
export function useAcceptTransfer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: AcceptTransferInput) => athleteApi.post<Registration>('/registration/transfers/accept', input),
    onSuccess: invalidate,
  });
}
