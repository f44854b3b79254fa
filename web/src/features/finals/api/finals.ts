// Invitations from an online qualifier to its final (docs/qualifiers.md, "Invitations to the
// final"): the organiser's Invitations page with the console's session, the invited athletes'
// answers with the athlete's (athleteApi).
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { api, athleteApi } from "@/lib/api/client";
import type { definitions } from "@/lib/api/schema";
import { queryKeys } from "@/lib/queryKeys";

type Complete<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export type FinalInvitation = Complete<definitions["v1FinalInvitation"]>;
export type FinalStandingRow = Omit<
  Complete<definitions["v1FinalStandingRow"]>,
  "invitation"
> & { invitation?: FinalInvitation | null };
export type FinalDivision = Omit<
  Complete<definitions["v1FinalDivision"]>,
  "standings"
> & { standings: FinalStandingRow[] };
export type FinalInvitations = Omit<
  Complete<definitions["v1FinalInvitations"]>,
  "divisions"
> & { divisions: FinalDivision[] };
export type FinalLinkInput = { finalEventId: string; acceptDays: number };
export type InviteInput = {
  divisionId: string;
  top?: number;
  teamIds?: string[];
};

export const finalQueries = {
  page: (eventId: string) =>
    queryOptions({
      queryKey: queryKeys.finals.page(eventId),
      queryFn: () => api.get<FinalInvitations>(`/events/${eventId}/final`),
    }),
  mine: () =>
    queryOptions({
      queryKey: queryKeys.finals.mine(),
      queryFn: () =>
        athleteApi.get<{ invitations: FinalInvitation[] }>(
          "/registration/final-invitations"
        ),
    }),
};

export const useFinalInvitations = (eventId: string) =>
  useQuery({ ...finalQueries.page(eventId), enabled: !!eventId });
export const useMyFinalInvitations = () => useQuery(finalQueries.mine());

export function useSetFinalLink(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FinalLinkInput) =>
      api.put<FinalInvitations>(`/events/${eventId}/final`, input),
    onSuccess: (page) =>
      queryClient.setQueryData(queryKeys.finals.page(eventId), page),
  });
}

export function useInviteToFinal(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InviteInput) =>
      api.post<FinalInvitations>(`/events/${eventId}/final/invitations`, input),
    onSuccess: (page) =>
      queryClient.setQueryData(queryKeys.finals.page(eventId), page),
  });
}

/** Accept or decline an invitation; the registrations list changes with it. */
export function useAnswerInvitation(answer: "accept" | "decline") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      athleteApi.post<FinalInvitation>(
        `/registration/final-invitations/${id}/${answer}`
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.finals.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.registration.all }),
      ]),
  });
}
