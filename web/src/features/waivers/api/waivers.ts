// Waivers (docs/waivers.md): the organiser's text, the door's states and kiosk (console
// session), the athlete's own (athlete session) and the guardian's link (no session: the link's
// secret is the key).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, athleteApi } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type Waiver = Complete<definitions['v1Waiver']>;
export type WaiverState = Complete<definitions['v1WaiverState']>;
export type WaiverStates = { currentVersion: number; athletes: WaiverState[] };
export type MyWaiver = Omit<Complete<definitions['v1MyWaiver']>, 'waiver' | 'state'> & { waiver: Waiver; state: WaiverState };
export type GuardianWaiver = Omit<Complete<definitions['v1GuardianWaiver']>, 'waiver'> & { waiver: Waiver };
export type AcceptInput = { version: number; fullName: string; birthDate?: string; guardianEmail?: string };
export type KioskInput = { athleteId: string; version: number; fullName: string; birthDate?: string; guardian: boolean };

export const waiverKeys = {
  all: ['waivers'] as const,
  text: (eventId: string) => [...waiverKeys.all, 'text', eventId] as const,
  states: (eventId: string) => [...waiverKeys.all, 'states', eventId] as const,
  mine: (eventId: string) => [...waiverKeys.all, 'mine', eventId] as const,
  guardian: (key: string) => [...waiverKeys.all, 'guardian', key] as const,
};

export const waiverQueries = {
  text: (eventId: string) => queryOptions({ queryKey: waiverKeys.text(eventId), queryFn: () => api.get<Waiver>(`/events/${eventId}/waiver`) }),
  states: (eventId: string) =>
    queryOptions({
      queryKey: waiverKeys.states(eventId),
      queryFn: () => api.get<WaiverStates>(`/events/${eventId}/waivers`),
      // The door's phones: a signature at the kiosk shows on the check-in screen within seconds.
      refetchInterval: 10_000,
    }),
  mine: (eventId: string) =>
    queryOptions({ queryKey: waiverKeys.mine(eventId), queryFn: () => athleteApi.get<MyWaiver>(`/waivers/mine/${eventId}`) }),
  guardian: (key: string) =>
    queryOptions({
      queryKey: waiverKeys.guardian(key),
      queryFn: () => api.get<GuardianWaiver>(`/waivers/guardian/${encodeURIComponent(key)}`),
      retry: false,
    }),
};

export const useEventWaiver = (eventId: string) => useQuery({ ...waiverQueries.text(eventId), enabled: !!eventId });
export const useWaiverStates = (eventId: string) => useQuery({ ...waiverQueries.states(eventId), enabled: !!eventId });
export const useMyWaiver = (eventId: string) => useQuery({ ...waiverQueries.mine(eventId), enabled: !!eventId });
export const useGuardianWaiver = (key: string) => useQuery({ ...waiverQueries.guardian(key), enabled: !!key });

function useInvalidateWaivers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: waiverKeys.all });
}

export function usePutWaiver(eventId: string) {
  const invalidate = useInvalidateWaivers();
  return useMutation({ mutationFn: (body: string) => api.put<Waiver>(`/events/${eventId}/waiver`, { body }), onSuccess: invalidate });
}

export function useKioskAccept(eventId: string) {
  const invalidate = useInvalidateWaivers();
  return useMutation({
    mutationFn: (input: KioskInput) => api.post<WaiverState>(`/events/${eventId}/waivers/kiosk`, input),
    onSuccess: invalidate,
  });
}

export function useAcceptMyWaiver(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AcceptInput) => athleteApi.post<MyWaiver>(`/waivers/mine/${eventId}/accept`, input),
    onSuccess: (data) => queryClient.setQueryData(waiverKeys.mine(eventId), data),
  });
}

export function useAcceptGuardianWaiver(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { version: number; fullName: string }) =>
      api.post<GuardianWaiver>(`/waivers/guardian/${encodeURIComponent(key)}/accept`, input),
    onSuccess: (data) => queryClient.setQueryData(waiverKeys.guardian(key), data),
  });
}
