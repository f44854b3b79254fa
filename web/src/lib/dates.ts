// Display helpers for the API's dates (YYYY-MM-DD) and instants (RFC 3339): one style across
// the console and the public site — "25 Nov 2026", a 24-hour clock "07:34", together
// "25 Nov 2026, 07:34" — in the viewer's time zone and the viewer's language ("25. Nov. 2026").

import { intlLocale } from './i18n/i18n';

/** A date (YYYY-MM-DD, read as local midnight) or an instant; invalid text gives an invalid Date. */
export function parseDay(value: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per kind and locale (they are costly to make). */
function format(kind: 'day' | 'clock'): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${kind} ${locale}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      locale,
      kind === 'day' ? { day: 'numeric', month: 'short', year: 'numeric' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
    );
    formats.set(key, f);
  }
  return f;
}
const dayFormat = { format: (d: Date) => format('day').format(d) };
const clockFormat = { format: (d: Date) => format('clock').format(d) };

/** "25 Nov 2026"; '—' when missing, the text itself when it is not a date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '—';
  const date = parseDay(value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** "07:34" (24-hour); '' when missing or not an instant. */
export function formatClock(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : clockFormat.format(date);
}

/** "25 Nov 2026, 07:34"; '—' when missing, the text itself when it is not an instant. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${dayFormat.format(date)}, ${clockFormat.format(date)}`;
}

export function dateRange(from: string, to: string): string {
  return from === to ? formatDate(from) : `${formatDate(from)} – ${formatDate(to)}`;
}
