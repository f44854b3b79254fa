// The organiser's crew calls (docs/crew.md): volunteers, shifts and the judge rotation of one
// event. Every write invalidates the event's crew lists: a shift change moves the no-reply
// list, a rotation change the standby.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { crewKeys } from './keys';
import type { CrewSwap, RotationSlot, Volunteer } from './volunteer';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type ShiftVolunteer = Complete<definitions['v1ShiftVolunteer']>;
export type Shift = Omit<Complete<definitions['v1Shift']>, 'volunteers'> & { volunteers: ShiftVolunteer[] };
export type VolunteerList = { volunteers: Volunteer[]; unconfirmedIds: string[] };
export type Rotation = { eventId: string; slots: RotationSlot[]; gaps: number; standby: ShiftVolunteer[] };
export type ShiftInput = { role: string; startsAt: string; endsAt: string; needed: number };
export type GenerateInput = { heatMinutes: number; restAfter: number; avoidOwnClub: boolean; levels: { workoutId: string; level: number }[] };

const base = (eventId: string) => `/events/${eventId}/crew`;

export const useVolunteers = (eventId: string) =>
  useQuery({
    queryKey: crewKeys.volunteers(eventId),
    queryFn: () => api.get<VolunteerList>(`${base(eventId)}/volunteers`),
    enabled: !!eventId,
  });

export const useShifts = (eventId: string) =>
  useQuery({
    queryKey: crewKeys.shifts(eventId),
    // The route answers the list itself (proto/http.yaml, response_body).
    queryFn: () => api.get<Shift[]>(`${base(eventId)}/shifts`),
    enabled: !!eventId,
  });

export const useRotation = (eventId: string) =>
  useQuery({
    queryKey: crewKeys.rotation(eventId),
    queryFn: () => api.get<Rotation>(`${base(eventId)}/rotation`),
    enabled: !!eventId,
  });

function useCrewMutation<A, R>(eventId: string, call: (a: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: crewKeys.event(eventId) }) });
}

export const useCreateShift = (eventId: string) => useCrewMutation(eventId, (input: ShiftInput) => api.post<Shift>(`${base(eventId)}/shifts`, input));

export const useDeleteShift = (eventId: string) => useCrewMutation(eventId, (shiftId: string) => api.delete(`${base(eventId)}/shifts/${shiftId}`));

export const useAssignShift = (eventId: string) =>
  useCrewMutation(eventId, ({ shiftId, volunteerId }: { shiftId: string; volunteerId: string }) =>
    api.put<Shift>(`${base(eventId)}/shifts/${shiftId}/volunteers/${volunteerId}`, {}),
  );

export const useUnassignShift = (eventId: string) =>
  useCrewMutation(eventId, ({ shiftId, volunteerId }: { shiftId: string; volunteerId: string }) =>
    api.delete<Shift>(`${base(eventId)}/shifts/${shiftId}/volunteers/${volunteerId}`),
  );

export const useGenerateRotation = (eventId: string) =>
  useCrewMutation(eventId, (input: GenerateInput) => api.post<Rotation>(`${base(eventId)}/rotation/generate`, input));

export const useSetRotationLane = (eventId: string) =>
  useCrewMutation(eventId, ({ heatId, lane, volunteerId }: { heatId: string; lane: number; volunteerId: string }) =>
    api.put<Rotation>(`${base(eventId)}/rotation/heats/${heatId}/lanes/${lane}`, { volunteerId }),
  );

export const useSwaps = (eventId: string) =>
  useQuery({
    queryKey: crewKeys.swaps(eventId),
    queryFn: () => api.get<{ swaps: CrewSwap[] }>(`${base(eventId)}/swaps`).then((r) => r.swaps),
    enabled: !!eventId,
  });

export const useDecideSwap = (eventId: string) =>
  useCrewMutation(eventId, ({ swapId, approve }: { swapId: string; approve: boolean }) =>
    api.post<CrewSwap>(`${base(eventId)}/swaps/${swapId}/${approve ? 'approve' : 'refuse'}`),
  );
