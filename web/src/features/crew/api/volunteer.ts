// The volunteer's calls (docs/crew.md, "Sign-up"): public, the link's secret is the key. The
// sign-up carries the athlete's session when one is signed in, so the account's name and
// confirmed address are used.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { athleteApi } from '@/lib/api/client';
import type { definitions } from '@/lib/api/schema';
import { crewKeys } from './keys';

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type AvailabilityWindow = Complete<definitions['v1AvailabilityWindow']>;
export type JudgeCredential = Complete<definitions['v1JudgeCredential']>;
export type VolunteerShift = Complete<definitions['v1VolunteerShift']>;
export type RotationSlot = Complete<definitions['v1RotationSlot']>;
export type Volunteer = Omit<Complete<definitions['v1Volunteer']>, 'availability' | 'credential' | 'shifts'> & {
  availability: AvailabilityWindow[];
  credential?: JudgeCredential;
  shifts: VolunteerShift[];
};
export type CrewSwap = Complete<definitions['v1CrewSwap']>;
export type MyVolunteer = { volunteer: Volunteer; eventName: string; judging: RotationSlot[]; swaps: CrewSwap[] };
export type SwapInput = { toEmail: string; shiftId?: string; heatId?: string; lane?: number };
export type VolunteerSignUp = Complete<definitions['v1VolunteerSignUp']>;
export type SignUpInput = {
  name: string;
  email: string;
  roles: string[];
  availability: AvailabilityWindow[];
  credential?: JudgeCredential;
  notes: string;
  club: string;
};

const keyPath = (key: string) => `/crew/volunteers/${encodeURIComponent(key)}`;

export const myVolunteerQuery = (key: string) =>
  queryOptions({
    queryKey: crewKeys.mine(key),
    queryFn: () => athleteApi.get<MyVolunteer>(keyPath(key)),
    retry: false,
  });

export const useMyVolunteer = (key: string) => useQuery({ ...myVolunteerQuery(key), enabled: !!key });

export const useSignUpVolunteer = (eventId: string) =>
  useMutation({ mutationFn: (input: SignUpInput) => athleteApi.post<VolunteerSignUp>(`/crew/events/${eventId}/volunteers`, input) });

function useKeyMutation<A>(key: string, call: (a: A) => Promise<MyVolunteer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (mine) => queryClient.setQueryData(crewKeys.mine(key), mine) });
}

export const useConfirmVolunteer = (key: string) => useKeyMutation(key, () => athleteApi.post<MyVolunteer>(`${keyPath(key)}/confirm`));

export const useConfirmMyShift = (key: string) =>
  useKeyMutation(key, (shiftId: string) => athleteApi.post<MyVolunteer>(`${keyPath(key)}/shifts/${encodeURIComponent(shiftId)}/confirm`));

export function useDeleteMyVolunteer(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => athleteApi.delete(keyPath(key)),
    onSuccess: () => queryClient.removeQueries({ queryKey: crewKeys.mine(key) }),
  });
}

// Swaps (docs/crew.md, "Swaps"): the volunteer proposes one of their places to another by
// address; the one asked accepts or declines on their own page.
export const useProposeSwap = (key: string) =>
  useKeyMutation(key, (input: SwapInput) => athleteApi.post<MyVolunteer>(`${keyPath(key)}/swaps`, input));

export const useAnswerSwap = (key: string) =>
  useKeyMutation(key, ({ swapId, accept }: { swapId: string; accept: boolean }) =>
    athleteApi.post<MyVolunteer>(`${keyPath(key)}/swaps/${encodeURIComponent(swapId)}/${accept ? 'accept' : 'decline'}`),
  );
