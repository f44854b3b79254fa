// The athlete's submit form (docs/qualifiers.md): the score is typed as in the result grid and
// read by the same parser (lib/result-input.ts), the tiebreak is a time (M:SS) or a number, the
// video link must be https. The server checks all of it again and has the last word.
import type { ScoreType } from '@/lib/api/types';
import { parseResultInput, type TimeCap } from '@/lib/result-input';
import { parseTime } from '@/lib/time';
import type { SubmitInput } from '../api/submissions';

export type SubmitFields = { result: string; tiebreak: string; videoUrl: string };
export type SubmitCheck = { ok: true; input: SubmitInput } | { ok: false; field: keyof SubmitFields; error: string };

export const SUBMIT_ERRORS = {
  resultRequired: 'Enter your score',
  videoRequired: 'A video link is required for this workout',
  videoHttps: 'The video link must be an https link (YouTube, Vimeo or any https address)',
  tiebreak: 'Enter the tiebreak as a time (M:SS) or a number',
} as const;

function httpsLink(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '';
  } catch {
    return false;
  }
}

function tiebreakValue(value: string): number | null | undefined {
  if (value === '') return null;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const time = parseTime(value);
  return time.ok ? time.seconds : undefined;
}

/** Reads the form into the request, or names the first field that is wrong. */
export function checkSubmission(fields: SubmitFields, scoreType: ScoreType, cap: TimeCap, videoRequired: boolean): SubmitCheck {
  const typed = fields.result.trim();
  if (typed === '') return { ok: false, field: 'result', error: SUBMIT_ERRORS.resultRequired };
  const parsed = parseResultInput(typed, scoreType, cap);
  if (!parsed.ok) return { ok: false, field: 'result', error: parsed.error };
  const tiebreak = tiebreakValue(fields.tiebreak.trim());
  if (tiebreak === undefined) return { ok: false, field: 'tiebreak', error: SUBMIT_ERRORS.tiebreak };
  const videoUrl = fields.videoUrl.trim();
  if (videoUrl === '' && videoRequired) return { ok: false, field: 'videoUrl', error: SUBMIT_ERRORS.videoRequired };
  if (videoUrl !== '' && !httpsLink(videoUrl)) return { ok: false, field: 'videoUrl', error: SUBMIT_ERRORS.videoHttps };
  return { ok: true, input: { ...parsed.result, tiebreakValue: tiebreak, videoUrl } };
}

/** The server's field names, as the form names them. */
export function formField(serverField: string | null): keyof SubmitFields | null {
  switch (serverField) {
    case 'resultValue':
    case 'status':
    case 'cappedReps':
      return 'result';
    case 'tiebreakValue':
      return 'tiebreak';
    case 'videoUrl':
      return 'videoUrl';
  }
  return null;
}
