// The event list's "Live now": events running today, shown above the list's own order.
import type { PublicEvent } from '../api/types';

/** Today in the viewer's time zone, as the API writes dates (YYYY-MM-DD). */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether an event runs today: in progress or published, today within its dates (an event
 * without an end date runs on its start date). Archived and undated events never do. */
export function runsToday(event: Pick<PublicEvent, 'status' | 'dateFrom' | 'dateTo'>, today: string): boolean {
  if (event.status !== 'in_progress' && event.status !== 'published') return false;
  if (!event.dateFrom) return false;
  const to = event.dateTo || event.dateFrom;
  return event.dateFrom <= today && today <= to;
}

/** The events running today, then the others, each in the order the server gave. */
export function liveFirst<T extends Pick<PublicEvent, 'status' | 'dateFrom' | 'dateTo'>>(events: T[], today: string): { live: T[]; rest: T[] } {
  const live: T[] = [];
  const rest: T[] = [];
  for (const e of events) (runsToday(e, today) ? live : rest).push(e);
  return { live, rest };
}

/** Whether an event is over: its last day (its start day without an end) before today. Undated
 * events are never over. */
export function isPast(event: Pick<PublicEvent, 'dateFrom' | 'dateTo'>, today: string): boolean {
  const last = event.dateTo || event.dateFrom;
  return !!last && last < today;
}

/** The event list's order (docs/finding-events.md): the events running today, then the upcoming
 * ones, then the past ones, each group in the order the server gave (the spec's: start date,
 * undated last, then name). */
export function upcomingFirst<T extends Pick<PublicEvent, 'status' | 'dateFrom' | 'dateTo'>>(
  events: T[],
  today: string,
): { live: T[]; upcoming: T[]; past: T[] } {
  const { live, rest } = liveFirst(events, today);
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const e of rest) (isPast(e, today) ? past : upcoming).push(e);
  return { live, upcoming, past };
}
