// Display rules of the public site.
import { parseDay } from '@/lib/dates';
import type { PublicEventStatus, PublicResultStatus, WorkoutType } from '../api/types';

/** Raw TIME values below this are seconds. */
export const SECONDS_THRESHOLD = 86_400;
export const DASH = '—';

/** Seconds as M:SS (minutes unpadded): 330 → "5:30", 3725 → "62:05". */
export function formatMSS(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const ALL_DIGITS = /^\d+$/;

/**
 * Time display: shown only when the status is completed, otherwise a dash. Raw seconds in
 * (0, 86400) with an all-digit text → the raw seconds as a time; else an all-digit text → the
 * text parsed as seconds; otherwise the text as is.
 */
export function formatTimeResult(status: string, result: string, rawResult: number | null): string {
  if (status !== 'completed') return DASH;
  const text = result.trim();
  if (rawResult !== null && rawResult > 0 && rawResult < SECONDS_THRESHOLD && ALL_DIGITS.test(text)) return formatMSS(rawResult);
  if (ALL_DIGITS.test(text)) return formatMSS(Number.parseInt(text, 10));
  if (text) return text;
  // No display text: a raw TIME value below the threshold is seconds.
  if (rawResult !== null && rawResult > 0 && rawResult < SECONDS_THRESHOLD) return formatMSS(rawResult);
  return rawResult !== null ? String(rawResult) : DASH;
}

export const isTimeType = (type: string | undefined): boolean => (type ?? '').toLowerCase() === 'time';

/** The value shown for a completed result: TIME as M:SS, other types their display text. */
export function completedValue(type: string | undefined, result: string, rawResult: number | null): string {
  if (isTimeType(type)) return formatTimeResult('completed', result, rawResult);
  const text = result.trim();
  if (text) return text;
  return rawResult !== null ? formatNumber(rawResult) : DASH;
}

export type ResultDisplay =
  | { kind: 'value'; text: string }
  | { kind: 'badge'; label: 'CAP' | 'DNF' | 'DNS'; detail?: string }
  | { kind: 'dash' };

/** Completed shows the value; capped a CAP badge (with the reps); dnf DNF; dns DNS; not started a dash. */
export function resultDisplay(
  r: { status: string; result: string; rawResult: number | null },
  type: string | undefined,
): ResultDisplay {
  switch (r.status) {
    case 'completed': {
      const text = completedValue(type, r.result, r.rawResult);
      return text === DASH ? { kind: 'dash' } : { kind: 'value', text };
    }
    case 'capped': {
      const reps = /(\+?\s*\d+)/.exec(r.result)?.[1]?.replace(/\s+/g, '');
      const detail = reps ? (reps.startsWith('+') ? reps : `+${reps}`) : r.rawResult !== null ? `+${r.rawResult}` : undefined;
      return { kind: 'badge', label: 'CAP', detail };
    }
    case 'dnf':
      return { kind: 'badge', label: 'DNF' };
    case 'dns':
      return { kind: 'badge', label: 'DNS' };
    default:
      return { kind: 'dash' };
  }
}

/** Plain text of a result (cards, image export). */
export function resultText(r: { status: string; result: string; rawResult: number | null }, type: string | undefined): string {
  const d = resultDisplay(r, type);
  if (d.kind === 'value') return d.text;
  if (d.kind === 'badge') return d.detail ? `${d.label} ${d.detail}` : d.label;
  return DASH;
}

export const STATUS_ICONS: Record<PublicResultStatus, string> = {
  completed: '✅',
  not_started: '⏳',
  dnf: '❌',
  dns: '⚪',
  capped: '⚠️',
};

export const STATUS_LABELS: Record<PublicResultStatus, string> = {
  completed: 'Completed',
  not_started: 'Not started',
  dnf: 'Did not finish',
  dns: 'Did not start',
  capped: 'Time capped',
};

export const statusIcon = (status: string): string => STATUS_ICONS[status as PublicResultStatus] ?? STATUS_ICONS.not_started;
export const statusLabel = (status: string): string => STATUS_LABELS[status as PublicResultStatus] ?? status;

/** Medals for ranks 1–3. */
export function medal(rank: number | null | undefined): string | null {
  switch (rank) {
    case 1:
      return '🥇';
    case 2:
      return '🥈';
    case 3:
      return '🥉';
    default:
      return null;
  }
}

/** Whole numbers without decimals, others with at most two. */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

export const formatPoints = (points: number | null | undefined): string => (points === null || points === undefined ? DASH : formatNumber(points));
export const formatRank = (rank: number | null | undefined): string => (rank === null || rank === undefined ? DASH : `#${rank}`);

/** resultsEntered / totalWorkouts as a percentage, 0 when there are no workouts. */
export function progressPercent(resultsEntered: number, totalWorkouts: number): number {
  if (!(totalWorkouts > 0)) return 0;
  return Math.min(100, Math.max(0, (resultsEntered / totalWorkouts) * 100));
}

/** 'Just now' up to 5 s, then seconds, then minutes, then the clock time after an hour. */
export const JUST_NOW_SECONDS = 5;

export function lastUpdatedText(updatedAt: Date | number | string | null | undefined, now: Date | number = Date.now()): string {
  if (updatedAt === null || updatedAt === undefined || updatedAt === '') return 'Never';
  const at = new Date(updatedAt);
  if (Number.isNaN(at.getTime())) return 'Never';
  const seconds = Math.max(0, Math.floor((new Date(now).getTime() - at.getTime()) / 1000));
  if (seconds <= JUST_NOW_SECONDS) return 'Just now';
  if (seconds < 60) return `${seconds} seconds ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  return at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/** Event status badge colours. */
export function eventStatusColor(status: string): 'yellow' | 'blue' | 'green' | 'gray' {
  switch (status.toLowerCase()) {
    case 'upcoming':
      return 'yellow';
    case 'in_progress':
      return 'blue';
    case 'completed':
    case 'published':
      return 'green';
    default:
      return 'gray';
  }
}

const EVENT_STATUS_LABELS: Record<PublicEventStatus, string> = {
  upcoming: 'Upcoming',
  in_progress: 'In Progress',
  completed: 'Completed',
  published: 'Published',
  archived: 'Archived',
};

/** English labels for the public site (the server's statusLabel may be in another language). */
export function eventStatusLabel(status: string): string {
  const key = status.toLowerCase();
  const label = EVENT_STATUS_LABELS[key as PublicEventStatus] as string | undefined;
  if (label) return label;
  const s = key.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Events: dateFrom ascending (events without dates last), then name. */
export function sortEvents<T extends { dateFrom: string; name: string }>(events: readonly T[]): T[] {
  return [...events].sort((a, b) => {
    if (a.dateFrom && b.dateFrom && a.dateFrom !== b.dateFrom) return a.dateFrom < b.dateFrom ? -1 : 1;
    if (!a.dateFrom !== !b.dateFrom) return a.dateFrom ? -1 : 1;
    return a.name.localeCompare(b.name);
  });
}

const TYPE_LABELS: Record<string, string> = { time: 'Time', reps: 'Reps', weight: 'Weight', maxweight: 'Max Weight', points: 'Points' };

export const workoutTypeLabel = (type: WorkoutType | undefined): string => TYPE_LABELS[(type ?? '').toLowerCase()] ?? 'Score';

/** The workout leaderboard's scoring description, from the scoring type and the time cap (M:SS). */
export function scoringDescription(type: WorkoutType | undefined, timeCapSeconds: number | null | undefined): string {
  const cap = timeCapSeconds && timeCapSeconds > 0 ? formatMSS(timeCapSeconds) : null;
  switch ((type ?? '').toLowerCase()) {
    case 'time':
      return cap ? `For time — fastest time wins (time cap ${cap})` : 'For time — fastest time wins';
    case 'reps':
      return cap ? `Max reps in ${cap} — most reps wins` : 'Max reps — most reps wins';
    case 'weight':
    case 'maxweight':
      return cap ? `Max weight in ${cap} — heaviest load wins` : 'Max weight — heaviest load wins';
    case 'points':
      return cap ? `Points in ${cap} — most points wins` : 'Points — most points wins';
    default:
      return cap ? `Time cap ${cap}` : 'Scored by placement';
  }
}

/** Up to two athlete names joined by a bullet. */
export const athletes = (a1: string | undefined, a2: string | undefined): string => [a1, a2].filter((n) => n && n.trim()).join(' • ');

/** "12 May 2026" from YYYY-MM-DD or an instant; '' for nothing. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseDay(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The server's dateRange text, or one built from the two dates. */
export function dateRangeText(from: string | undefined, to: string | undefined, given?: string): string {
  if (given) return given;
  const a = formatDay(from);
  const b = formatDay(to);
  if (!a && !b) return 'Dates to be announced';
  if (!a || !b || a === b) return a || b;
  return `${a} – ${b}`;
}
