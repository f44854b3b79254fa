// A judge card's short code (docs/judging.md, "The card's code"): typed when the card's QR code
// will not scan, it answers the card's link with a fresh token.
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api/client';
import type { JudgeLink } from '@/lib/api/types';

/** No session goes along (token ''): the code alone is what opens the link, and a refusal
 * ends no console session on this phone. */
export const redeemJudgeCode = (code: string) =>
  apiRequest<JudgeLink>('/judge/code', { method: 'POST', body: { code }, token: '' });

export const useRedeemJudgeCode = () => useMutation({ mutationFn: redeemJudgeCode });

/** Where a card tells its judge to type the code, as printed: the site's host, no scheme. */
export const judgeCodePage = (host = window.location.host) => `${host}/judge/code`;
