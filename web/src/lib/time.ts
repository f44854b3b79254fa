// Time input: what an admin types as a time (parseTime) and the padded MM:SS of the time-cap
// field. Shown times come from the server as text (docs/architecture.md).

const pad = (n: number) => String(n).padStart(2, '0');

/** 330 → "05:30"; 3600 → "60:00"; fractions are rounded. */
export function formatMmSs(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** What a table shows for a workout without a time cap (docs/result-invariants.md); a cap shows the
 * server's timeCapText. */
export const NO_CAP = 'No Cap';

export type TimeParse = { ok: true; seconds: number } | { ok: false; error: string };

export const TIME_ERRORS = {
  secondsTooLarge: 'Seconds must be less than 60',
  negativeTime: 'Time values cannot be negative',
  notPositive: 'Time must be greater than 0 seconds',
  format: 'Use MM:SS format (e.g., 5:30) or seconds (e.g., 330)',
  negativeSeconds: 'Seconds cannot be negative',
} as const;

/** A TIME result: M:SS or MM:SS, H:MM:SS from an hour on, a fraction of a second allowed
 * (12:34.5) — so every time text the server shows reads back unchanged — or plain seconds. */
export function parseTime(input: string): TimeParse {
  const value = input.trim();
  const clock = /^(-)?(?:(\d+):(?=\d{2}:))?(\d{1,2}):(-)?(\d{2}(?:\.\d{1,2})?)$/.exec(value);
  if (clock) {
    if (clock[1]) return { ok: false, error: TIME_ERRORS.negativeTime };
    if (clock[4]) return { ok: false, error: TIME_ERRORS.negativeSeconds };
    const [hours, minutes, seconds] = [Number(clock[2] ?? 0), Number(clock[3]), Number(clock[5])];
    if (seconds >= 60) return { ok: false, error: TIME_ERRORS.secondsTooLarge };
    if (clock[2] !== undefined && minutes >= 60) return { ok: false, error: TIME_ERRORS.format };
    const total = hours * 3600 + minutes * 60 + seconds;
    return total > 0 ? { ok: true, seconds: total } : { ok: false, error: TIME_ERRORS.notPositive };
  }
  if (/^-\d+:\d+$/.test(value)) return { ok: false, error: TIME_ERRORS.negativeTime };
  if (/^-\d+(\.\d+)?$/.test(value)) return { ok: false, error: TIME_ERRORS.negativeSeconds };
  if (/^\d+(\.\d+)?$/.test(value)) {
    const total = Number(value);
    return total > 0 ? { ok: true, seconds: total } : { ok: false, error: TIME_ERRORS.notPositive };
  }
  return { ok: false, error: TIME_ERRORS.format };
}
