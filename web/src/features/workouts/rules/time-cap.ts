import { formatMmSs } from '@/lib/time';
import { messages } from '@/lib/i18n/i18n';

export const TIME_CAP_MIN_SECONDS = 60;
export const TIME_CAP_MAX_SECONDS = 3600;

export const TIME_CAP_TEXT = messages({
  help: 'console:workouts.timeCap.help',
  format: 'console:workouts.timeCap.format',
  range: 'console:workouts.timeCap.range',
});

export type TimeCapParse = { ok: true; seconds: number | null } | { ok: false; error: string };

/** The Time Cap field: empty means no cap; otherwise MM:SS between 01:00 and 60:00. */
export function parseTimeCap(input: string): TimeCapParse {
  const value = input.trim();
  if (value === '') return { ok: true, seconds: null };
  const match = /^(\d{1,2}):(\d{1,2})$/.exec(value);
  if (!match) return { ok: false, error: TIME_CAP_TEXT.format };
  const minutes = Number(match[1]);
  const seconds = Number(match[2]);
  if (seconds >= 60) return { ok: false, error: TIME_CAP_TEXT.format };
  const total = minutes * 60 + seconds;
  if (total < TIME_CAP_MIN_SECONDS || total > TIME_CAP_MAX_SECONDS) {
    return { ok: false, error: TIME_CAP_TEXT.range };
  }
  return { ok: true, seconds: total };
}

/** Field text for a stored cap: null → '', 750 → '12:30'. */
export function formatTimeCap(seconds: number | null): string {
  return seconds === null ? '' : formatMmSs(seconds);
}

/** On blur: a valid entry becomes padded MM:SS; anything else is left for the user to fix. */
export function reformatTimeCap(input: string): string {
  const parsed = parseTimeCap(input);
  return parsed.ok ? formatTimeCap(parsed.seconds) : input;
}
