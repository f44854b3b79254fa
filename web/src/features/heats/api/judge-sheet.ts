// The judge link's calls from the phone (docs/judging.md): its sheet, and a score. Both carry
// the link's own token, never a console session's; a 401 means the link was revoked or expired.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api/client';
import type { JudgeScoreInput, JudgeSheet, Result } from '@/lib/api/types';
import { queryKeys } from '@/lib/queryKeys';

export const getJudgeSheet = (token: string) => apiRequest<JudgeSheet>('/judge/sheet', { token });

export const sendJudgeScore = (token: string, heatId: string, lane: number, input: JudgeScoreInput) =>
  apiRequest<Result>(`/heats/${heatId}/lanes/${lane}/result`, { method: 'POST', body: input, token });

/** What the judge sees when the link no longer works. */
export const LINK_ENDED =
  'This judge link was revoked or has expired. Ask the organiser for a new card; the scores on this phone stay here.';

const cacheKey = (linkKey: string) => `podium.judgeSheet.${linkKey}`;

function cachedSheet(linkKey: string): JudgeSheet | undefined {
  try {
    const raw = localStorage.getItem(cacheKey(linkKey));
    return raw ? (JSON.parse(raw) as JudgeSheet) : undefined;
  } catch {
    return undefined;
  }
}

/** The sheet, kept on the phone: a reload without a network shows the last one read. */
export function useJudgeSheet(token: string, linkKey: string) {
  const query = useQuery({
    queryKey: queryKeys.judgeSheet.byLink(linkKey),
    queryFn: () => getJudgeSheet(token),
    initialData: () => cachedSheet(linkKey),
    initialDataUpdatedAt: 0, // always read the server's when it answers
    refetchInterval: 30_000,
    retry: false,
  });
  useEffect(() => {
    if (query.data && query.dataUpdatedAt > 0) localStorage.setItem(cacheKey(linkKey), JSON.stringify(query.data));
  }, [query.data, query.dataUpdatedAt, linkKey]);
  return query;
}
