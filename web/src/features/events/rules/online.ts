// The online qualifier card's rules (docs/qualifiers.md): the event's format and time zone,
// each workout's release and deadline typed as wall times of the event's zone and sent as
// instants. The server checks them again and has the last word.
import type { Event } from '@/lib/api/types';

export type OnlineWorkoutDraft = { releaseAt: string; deadline: string; videoRequired: boolean };
export type OnlineDraft = { format: string; timeZone: string; showUnreviewed: boolean; workouts: Record<string, OnlineWorkoutDraft> };
export type OnlineErrors = { timeZone?: string; workouts?: Record<string, string> };

export const FORMATS = [
  { value: 'in_person', label: 'In person' },
  { value: 'online', label: 'Online qualifier' },
] as const;

export const ONLINE_ERRORS = {
  timeZone: 'Time zone must be an IANA time zone, e.g. Europe/Paris',
  both: 'Give both a release time and a submission deadline, or neither',
  order: 'The submission deadline must be after the release time',
} as const;

export function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone !== '';
  } catch {
    return false;
  }
}

/** The offset of zone from UTC at instant ms, in ms. */
function zoneOffset(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(ms));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second')) - Math.floor(ms / 1000) * 1000;
}

/** A wall time of zone ("2026-03-05T18:00", as a datetime-local input holds it) as an RFC 3339 instant. */
export function wallToInstant(wall: string, zone: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return '';
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const guess = Date.UTC(year, month - 1, day, hour, minute);
  let ms = guess - zoneOffset(guess, zone);
  ms = guess - zoneOffset(ms, zone); // once more, across a change of offset
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** An instant as a wall time of zone, for a datetime-local input; '' for none. */
export function instantToWall(instant: string, zone: string): string {
  const ms = Date.parse(instant);
  if (!instant || Number.isNaN(ms)) return '';
  return new Date(ms + zoneOffset(ms, zone)).toISOString().slice(0, 16);
}

export function onlineDraftOf(event: Event): OnlineDraft {
  const zone = event.timeZone || 'UTC';
  const workouts: Record<string, OnlineWorkoutDraft> = {};
  for (const w of event.workouts) {
    workouts[w.id] = {
      releaseAt: instantToWall(w.releaseAt ?? '', zone),
      deadline: instantToWall(w.submissionDeadline ?? '', zone),
      videoRequired: !!w.videoRequired,
    };
  }
  return { format: event.format || 'in_person', timeZone: zone, showUnreviewed: !!event.showUnreviewed, workouts };
}

export function validateOnline(draft: OnlineDraft): OnlineErrors {
  const errors: OnlineErrors = {};
  if (!validTimeZone(draft.timeZone.trim())) errors.timeZone = ONLINE_ERRORS.timeZone;
  for (const [id, w] of Object.entries(draft.workouts)) {
    if (!w.releaseAt !== !w.deadline) (errors.workouts ??= {})[id] = ONLINE_ERRORS.both;
    else if (w.releaseAt && w.deadline <= w.releaseAt) (errors.workouts ??= {})[id] = ONLINE_ERRORS.order;
  }
  return errors;
}

export const hasOnlineErrors = (e: OnlineErrors) => !!e.timeZone || Object.keys(e.workouts ?? {}).length > 0;

export function toOnlineSettings(draft: OnlineDraft) {
  const zone = draft.timeZone.trim();
  return {
    format: draft.format,
    timeZone: zone,
    showUnreviewed: draft.format === 'online' && draft.showUnreviewed,
    workouts: Object.entries(draft.workouts)
      .filter(([, w]) => draft.format === 'online' && (w.releaseAt || w.videoRequired))
      .map(([workoutId, w]) => ({
        workoutId,
        releaseAt: w.releaseAt ? wallToInstant(w.releaseAt, zone) : '',
        submissionDeadline: w.deadline ? wallToInstant(w.deadline, zone) : '',
        videoRequired: w.videoRequired,
      })),
  };
}
