// Judge cards (docs/judging.md): the organiser's calls on an event's judge links.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { CreateJudgeLinksInput, JudgeLink } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

type Links = { links: JudgeLink[] };

export const listJudgeLinks = (eventId: string) => api.get<Links>(`/events/${eventId}/judge-links`).then((r) => r.links ?? []);
export const createJudgeLinks = (eventId: string, input: CreateJudgeLinksInput) =>
  api.post<Links>(`/events/${eventId}/judge-links`, input).then((r) => r.links ?? []);
export const judgeLinkCard = (id: string) => api.get<JudgeLink>(`/judge-links/${id}/card`);
export const revokeJudgeLink = (id: string) => api.post(`/judge-links/${id}/revoke`);
export const revokeJudgeLinks = (eventId: string) =>
  api.post<{ revokedCount: number }>(`/events/${eventId}/judge-links/revoke`).then((r) => r.revokedCount ?? 0);

export const judgeLinksQuery = (eventId: string) =>
  queryOptions({ queryKey: queryKeys.judgeLinks.byEvent(eventId), queryFn: () => listJudgeLinks(eventId) });

export const useJudgeLinks = (eventId: string) => useQuery(judgeLinksQuery(eventId));

function useInvalidateJudgeLinks() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.judgeLinks.all });
}

export function useCreateJudgeLinks(eventId: string) {
  const invalidate = useInvalidateJudgeLinks();
  return useMutation({ mutationFn: (input: CreateJudgeLinksInput) => createJudgeLinks(eventId, input), onSuccess: invalidate });
}

export function useJudgeLinkCard() {
  return useMutation({ mutationFn: judgeLinkCard });
}

export function useRevokeJudgeLink() {
  const invalidate = useInvalidateJudgeLinks();
  return useMutation({ mutationFn: revokeJudgeLink, onSuccess: invalidate });
}

export function useRevokeJudgeLinks(eventId: string) {
  const invalidate = useInvalidateJudgeLinks();
  return useMutation({ mutationFn: () => revokeJudgeLinks(eventId), onSuccess: invalidate });
}

/** The address a card's QR code holds: the token rides in the fragment, which no request
 * carries, so it reaches no server log. */
export const judgeLinkUrl = (token: string, origin = window.location.origin) => `${origin}/judge/link#${token}`;
