// Heat start times: RFC 3339 on the wire, the viewer's local time on screen; the organiser's
// form uses the browser's datetime-local field.

import { formatClock } from './dates';
import { i18n, intlLocale } from './i18n/i18n';

/** "09:00" on the one 24-hour clock (lib/dates.ts): in timeZone (an IANA zone, the event's)
 * when given, else in the viewer's. */
export function heatClock(iso: string, timeZone?: string): string {
  if (!timeZone) return formatClock(iso);
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : zoned('clock', timeZone).format(d);
}

/** Whether a schedule shift moved a heat: its planned start is another instant than its current
 * one ('' or absent planned: not moved). */
export function heatMoved(start: string, planned?: string): boolean {
  if (!planned) return false;
  const a = Date.parse(start);
  const b = Date.parse(planned);
  return !Number.isNaN(a) && !Number.isNaN(b) && a !== b;
}

/** "09:22 (planned 09:10)": a heat's start as plain text (a select's option, the TV's label). */
export function heatClockText(start: string, planned: string | undefined, timeZone?: string): string {
  const clock = heatClock(start, timeZone);
  return heatMoved(start, planned) ? i18n.t('time.clockMoved', { time: clock, planned: heatClock(planned ?? '', timeZone) }) : clock;
}

/** "Sat 13 Jun": the day of a heat on an event of several days, in timeZone when given, else in
 * the viewer's; '' when not an instant. */
export function heatDay(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : zoned('day', timeZone).format(d);
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per kind and zone (they are costly to make); an unknown zone falls back to the
 * viewer's rather than failing the page. */
function zoned(kind: 'clock' | 'day', timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${kind} ${timeZone ?? ''} ${locale}`;
  let f = formats.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'clock' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : { weekday: 'short', day: 'numeric', month: 'short' };
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      f = new Intl.DateTimeFormat(locale, options);
    }
    formats.set(key, f);
  }
  return f;
}

/** The viewer's time zone as the schedule names it ("Europe/London"). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Says whose clock heat times are on: the event's, and the viewer's own when it is another. */
export const heatZoneNote = (timeZone: string): string =>
  timeZone === viewerTimeZone()
    ? i18n.t('time.zoneSame', { zone: timeZone })
    : i18n.t('time.zoneOther', { zone: timeZone, viewer: viewerTimeZone() });

/** RFC 3339 in UTC, whole seconds: "2026-06-01T07:00:00Z". */
const rfc3339 = (d: Date): string => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** "2026-06-01T09:00" (local) → RFC 3339 (UTC); '' when empty or invalid. */
export function localToIso(local: string): string {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? rfc3339(d) : '';
}

/** RFC 3339 → the datetime-local field's "2026-06-01T09:00" in the viewer's zone. */
export function isoToLocal(iso: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Now: the last heat started at or before now (within `window` minutes of its start); Next:
 * the first heat after now. Heats are taken in start order. */
export function nowAndNext<T extends { startTime: string }>(heats: T[], now: Date, windowMinutes = 60): { now?: T; next?: T } {
  const sorted = [...heats].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const t = now.getTime();
  let current: T | undefined;
  let next: T | undefined;
  for (const h of sorted) {
    const start = Date.parse(h.startTime);
    if (start <= t) current = h;
    else if (!next) next = h;
  }
  if (current && t - Date.parse(current.startTime) > windowMinutes * 60_000) current = undefined;
  return { now: current, next };
}

/** The start of a heat added after `heats`: the last start plus the last gap (10 minutes when
 * there is none); the next full hour from `now` when there are no heats. */
export function nextHeatStart(heats: { startTime: string }[], now: Date): string {
  const starts = heats.map((h) => Date.parse(h.startTime)).sort((a, b) => a - b);
  const last = starts.at(-1);
  if (last === undefined) return rfc3339(new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000));
  const prev = starts.at(-2);
  const gap = prev === undefined || last === prev ? 10 * 60_000 : last - prev;
  return rfc3339(new Date(last + gap));
}
