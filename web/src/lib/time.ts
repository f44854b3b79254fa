// Times are whole seconds on the wire and MM:SS on screen.

const pad = (n: number) => String(n).padStart(2, '0');

/** 330 → "05:30"; 3600 → "60:00"; fractions are rounded. */
export function formatMmSs(totalSeconds: number): string {
  const seconds = Math.round(totalSeconds);
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}

/** A time cap in a table cell: 720 → "12:00"; none → "No Cap". */
export function formatTimeCapCell(seconds: number | null): string {
  return seconds === null || seconds <= 0 ? 'No Cap' : formatMmSs(seconds);
}

export type TimeParse = { ok: true; seconds: number } | { ok: false; error: string };

export const TIME_ERRORS = {
  secondsTooLarge: 'Seconds must be less than 60',
  negativeTime: 'Time values cannot be negative',
  notPositive: 'Time must be greater than 0 seconds',
  format: 'Use MM:SS format (e.g., 5:30) or seconds (e.g., 330)',
  negativeSeconds: 'Seconds cannot be negative',
} as const;

/** A TIME result: MM:SS (one or two digit minutes, two digit seconds) or plain seconds. */
export function parseTime(input: string): TimeParse {
  const value = input.trim();
  const mmss = /^(-)?(\d{1,2}):(-)?(\d{2})$/.exec(value);
  if (mmss) {
    if (mmss[1]) return { ok: false, error: TIME_ERRORS.negativeTime };
    if (mmss[3]) return { ok: false, error: TIME_ERRORS.negativeSeconds };
    const seconds = Number(mmss[4]);
    if (seconds >= 60) return { ok: false, error: TIME_ERRORS.secondsTooLarge };
    const total = Number(mmss[2]) * 60 + seconds;
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
