// Registration (docs/registration.md): the public offer, the athlete's own registrations and
// the organiser's view with its decisions. The athlete's calls carry the athlete's session
// (athleteApi), the organiser's the console's.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiDownload, athleteApi } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { queryKeys } from '@/lib/queryKeys';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type HeatSlot = Complete<definitions['v1HeatSlot']>;
export type RegistrationPlace = Complete<definitions['v1RegistrationPlace']>;
/** An open offer of a place to another athlete (docs/registration.md, "Transfers"). */
export type TransferOffer = Complete<definitions['v1TransferOffer']>;
/** An open request to move to another division (docs/registration.md, "Division changes"). */
export type DivisionChangeRequest = Complete<definitions['v1DivisionChangeRequest']>;
export type Registration = Omit<Complete<definitions['v1Registration']>, 'heats' | 'places' | 'transfers' | 'divisionChange'> & {
  heats: HeatSlot[];
  places: RegistrationPlace[];
  transfers: TransferOffer[];
  /** Absent when the registration has no open request. */
  divisionChange?: DivisionChangeRequest;
};
export type RegistrationSettings = Complete<definitions['v1RegistrationSettings']>;
export type DivisionRegistration = Omit<Complete<definitions['v1DivisionRegistration']>, 'settings'> & {
  settings: RegistrationSettings;
};
export type EventRegistration = Omit<Complete<definitions['v1EventRegistration']>, 'divisions'> & {
  divisions: DivisionRegistration[];
};
export type DivisionCounts = Complete<definitions['v1DivisionCounts']>;
export type EventRegistrations = { registrations: Registration[]; divisions: DivisionCounts[] };
export type SettingsInput = Omit<RegistrationSettings, 'divisionId' | 'eventId' | 'configured'>;
export type Invitation = Complete<definitions['v1Invitation']>;
export type RefundPolicy = Complete<definitions['v1RefundPolicy']>;
export type DiscountCode = Complete<definitions['v1DiscountCode']>;
export type DiscountCodeInput = {
  code: string;
  percentOff: number;
  amountOffCents: number;
  maxUses: number;
  expiresAt: string;
  divisionIds: string[];
};
/** What a division's eligibility asks of each athlete (docs/eligibility.md); sent only when asked. */
export type EligibilityInput = { memberNumber?: string; birthDate?: string; category?: string };
export type RegisterInput = {
  divisionId: string;
  teamName: string;
  partnerEmail: string;
  /** Sizes other than pairs (docs/rosters.md): one address per place invited by mail. */
  partnerEmails?: string[];
  /** A discount code of the event, optional (docs/registration.md, "Discount codes"). */
  discountCode?: string;
} & EligibilityInput;
export type AcceptInput = { code: string } & EligibilityInput;
export type RosterPlaceInput = { position: number; name: string; category: string; birthDate?: string; substitute: boolean };
export type RosterChange = { teamName?: string; athletes?: RosterPlaceInput[] };
export type RegistrationFilter = { divisionId?: string; state?: string; waiverMissing?: boolean; changeRequested?: boolean };

export const registrationQueries = {
  event: (eventId: string) =>
    queryOptions({
      queryKey: queryKeys.registration.event(eventId),
      queryFn: () => athleteApi.get<EventRegistration>(`/registration/events/${eventId}`),
    }),
  mine: () =>
    queryOptions({
      queryKey: queryKeys.registration.mine(),
      queryFn: () => athleteApi.get<Registration[]>('/registration/mine'),
    }),
  invitation: (code: string) =>
    queryOptions({
      queryKey: [...queryKeys.registration.all, 'invitation', code],
      queryFn: () => athleteApi.get<Invitation>(`/registration/invitations/${encodeURIComponent(code)}`),
      retry: false,
    }),
  settings: (divisionId: string) =>
    queryOptions({
      queryKey: queryKeys.registration.settings(divisionId),
      queryFn: () => api.get<RegistrationSettings>(`/divisions/${divisionId}/registration`),
    }),
  organiser: (eventId: string, filter: RegistrationFilter) =>
    queryOptions({
      queryKey: queryKeys.registration.organiser(eventId, filter),
      queryFn: () => api.get<EventRegistrations>(`/events/${eventId}/registrations`, filter),
    }),
};

/** Which team and event an invitation's code is for (public: the code is the secret). */
export const useInvitation = (code: string) => useQuery({ ...registrationQueries.invitation(code), enabled: code.trim().length >= 8 });
export const useEventRegistration = (eventId: string) => useQuery({ ...registrationQueries.event(eventId), enabled: !!eventId });
/** The athlete's registrations; awaitingPayment (a registration id) is followed until it is paid. */
export const useMyRegistrations = (enabled = true, awaitingPayment?: string) =>
  useQuery({
    ...registrationQueries.mine(),
    enabled,
    refetchInterval: (query) => {
      const list = query.state.data;
      const following = list?.some((r) => r.paymentPending || (r.id === awaitingPayment && r.state === 'waiting_payment'));
      return following ? 1500 : false;
    },
  });
export const useRegistrationSettings = (divisionId: string) =>
  useQuery({ ...registrationQueries.settings(divisionId), enabled: !!divisionId });
export const useOrganiserRegistrations = (eventId: string, filter: RegistrationFilter) =>
  useQuery({ ...registrationQueries.organiser(eventId, filter), enabled: !!eventId });

/** Every registration write changes the lists, the counts and maybe the division's teams. */
function useInvalidateRegistration() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.registration.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.teams.all }),
    ]);
}

export function useRegister(eventId: string) {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (input: RegisterInput) => athleteApi.post<Registration>(`/registration/events/${eventId}/registrations`, input),
    onSuccess: invalidate,
  });
}

export function useAcceptInvitation() {
  const invalidate = useInvalidateRegistration();
  return useMutation({ mutationFn: (input: AcceptInput) => athleteApi.post<Registration>('/registration/accept', input), onSuccess: invalidate });
}

export function useWithdraw() {
  const invalidate = useInvalidateRegistration();
  return useMutation({ mutationFn: (id: string) => athleteApi.post<Registration>(`/registration/registrations/${id}/withdraw`), onSuccess: invalidate });
}

/** The captain's roster change: a new team name and/or the taken places as they should be. */
export function useChangeRoster(id: string) {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (change: RosterChange) => athleteApi.post<Registration>(`/registration/registrations/${id}/roster`, change),
    onSuccess: invalidate,
  });
}

/** The organiser's roster change: the captain's change, whatever the roster lock (the activity names the organiser). */
export function useOrganiserRosterChange(id: string) {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (change: RosterChange) => api.post<Registration>(`/registrations/${id}/roster`, change),
    onSuccess: invalidate,
  });
}

/** The organiser confirms an incomplete roster by hand: the registration goes on as if it were complete. */
export function useConfirmRoster() {
  const invalidate = useInvalidateRegistration();
  return useMutation({ mutationFn: (id: string) => api.post<Registration>(`/registrations/${id}/confirm-roster`, {}), onSuccess: invalidate });
}

/** A member (not the captain) leaves the team: their place opens again. */
export function useLeaveTeam() {
  const invalidate = useInvalidateRegistration();
  return useMutation({ mutationFn: (id: string) => athleteApi.post<Registration>(`/registration/registrations/${id}/leave`), onSuccess: invalidate });
}

/** Pay the entry fee online: asks for a Stripe Checkout page (docs/registration.md, "Payment"). */
export function useStartCheckout() {
  const invalidate = useInvalidateRegistration();
  return useMutation({ mutationFn: (id: string) => athleteApi.post<Registration>(`/registration/registrations/${id}/checkout`), onSuccess: invalidate });
}

/** A discount code entered after registering, before paying (docs/registration.md, "Discount codes"). */
export function useApplyDiscountCode(id: string) {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (code: string) => athleteApi.post<Registration>(`/registration/registrations/${id}/discount`, { code }),
    onSuccess: invalidate,
  });
}

export function usePutSettings(divisionId: string) {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (input: SettingsInput) => api.put<RegistrationSettings>(`/divisions/${divisionId}/registration`, input),
    onSuccess: invalidate,
  });
}

/** The organiser's decisions on one registration. */
export function useDecision() {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (d: {
      id: string;
      action: 'approve' | 'refuse' | 'paid' | 'move' | 'refund' | 'refunded';
      body?: Record<string, string | number>;
    }) =>
      api.post<Registration>(`/registrations/${d.id}/${d.action}`, d.body ?? {}),
    onSuccess: invalidate,
  });
}

export const exportRegistrations = (eventId: string, filter: RegistrationFilter) =>
  apiDownload(`/events/${eventId}/registrations.csv`, filter);

/** The event's bank details for fees paid by transfer (docs/registration.md, "Payment instructions"). */
export const paymentInstructionsQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.registration.paymentInstructions(eventId),
    queryFn: () => api.get<{ eventId: string; bankDetails: string }>(`/events/${eventId}/payment-instructions`),
  });

export const usePaymentInstructions = (eventId: string) => useQuery({ ...paymentInstructionsQuery(eventId), enabled: !!eventId });

export function usePutPaymentInstructions(eventId: string) {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (bankDetails: string) =>
      api.put<{ eventId: string; bankDetails: string }>(`/events/${eventId}/payment-instructions`, { bankDetails }),
    onSuccess: invalidate,
  });
}

/** The event's refund policy: what a withdrawal gives back, by date (docs/registration.md, "Refunds"). */
export const refundPolicyQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.registration.refundPolicy(eventId),
    queryFn: () => api.get<RefundPolicy>(`/events/${eventId}/refund-policy`),
  });

export const useRefundPolicy = (eventId: string) => useQuery({ ...refundPolicyQuery(eventId), enabled: !!eventId });

export function usePutRefundPolicy(eventId: string) {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (policy: Omit<RefundPolicy, 'eventId'>) => api.put<RefundPolicy>(`/events/${eventId}/refund-policy`, policy),
    onSuccess: invalidate,
  });
}

/** The event's discount codes with their uses (docs/registration.md, "Discount codes"). */
export const discountCodesQuery = (eventId: string) =>
  queryOptions({
    queryKey: queryKeys.registration.discountCodes(eventId),
    queryFn: () => api.get<{ codes?: DiscountCode[] }>(`/events/${eventId}/discount-codes`).then((r) => r.codes ?? []),
  });

export const useDiscountCodes = (eventId: string) => useQuery({ ...discountCodesQuery(eventId), enabled: !!eventId });

export function useCreateDiscountCode(eventId: string) {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (input: DiscountCodeInput) => api.post<DiscountCode>(`/events/${eventId}/discount-codes`, input),
    onSuccess: invalidate,
  });
}

export function useDeleteDiscountCode(eventId: string) {
  const invalidate = useInvalidateRegistration();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/events/${eventId}/discount-codes/${id}`),
    onSuccess: invalidate,
  });
}
