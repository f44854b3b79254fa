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
