// Display rules of the public site.
import { formatClock, formatDate } from '@/lib/dates';
import type { PublicEventStatus, PublicResultStatus, WorkoutType } from '../api/types';

export const DASH = '—';

export type ResultDisplay = { kind: 'value'; text: string } | { kind: 'badge'; status: 'capped' | 'dnf' | 'dns' | 'dq'; text: string } | { kind: 'dash' };

/**
 * A result as the server wrote it (docs/architecture.md, "Where each rule lives": "3:05",
 * "CAP +15", "DNF"), never parsed or formatted again: completed shows its text; capped, DNF,
 * DNS and DQ a badge with it; no result a dash.
 */
export function resultDisplay(r: { status: string; result: string }): ResultDisplay {
  const text = r.result.trim();
  if (!text) return { kind: 'dash' };
  switch (r.status) {
    case 'completed':
      return { kind: 'value', text };
    case 'capped':
    case 'dnf':
    case 'dns':
    case 'dq':
      return { kind: 'badge', status: r.status, text };
    default:
      return { kind: 'dash' };
  }
}

export const STATUS_ICONS: Record<PublicResultStatus, string> = {
  completed: '✅',
  not_started: '⏳',
  dnf: '❌',
  dns: '⚪',
  capped: '⚠️',
  dq: '🚫',
};

export const STATUS_LABELS: Record<PublicResultStatus, string> = {
  completed: 'Completed',
  not_started: 'Not started',
  dnf: 'Did not finish',
  dns: 'Did not start',
  capped: 'Time capped',
  dq: 'Disqualified',
};

export const statusIcon = (status: string): string => STATUS_ICONS[status as PublicResultStatus] ?? STATUS_ICONS.not_started;
export const statusLabel = (status: string): string => STATUS_LABELS[status as PublicResultStatus] ?? status;

/** A workout's weight as the boards mark it (docs/scoring.md): "×2", "×1.5"; nothing for ×1. */
export const weightMark = (weight: number | undefined): string => (weight && weight !== 1 ? `×${weight}` : '');

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
  return formatClock(at);
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

const TYPE_LABELS: Record<WorkoutType, string> = { time: 'Time', reps: 'Reps', maxweight: 'Max Weight', points: 'Points' };

export const workoutTypeLabel = (type: WorkoutType | undefined): string => (type ? TYPE_LABELS[type] : undefined) ?? 'Score';

/** The workout leaderboard's scoring description, from the scoring type and the server's
 * time-cap text (timeCapText: "12:00", null without a cap). */
export function scoringDescription(type: WorkoutType | undefined, cap: string | null | undefined): string {
  switch (type) {
    case 'time':
      return cap ? `For time — fastest time wins (time cap ${cap})` : 'For time — fastest time wins';
    case 'reps':
      return cap ? `Max reps in ${cap} — most reps wins` : 'Max reps — most reps wins';
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

/** "12 May 2026" from YYYY-MM-DD or an instant (lib/dates.ts); '' for nothing. */
export const formatDay = (value: string | null | undefined): string => (value ? formatDate(value) : '');

/** The server's dateRange text, or one built from the two dates. */
export function dateRangeText(from: string | undefined, to: string | undefined, given?: string): string {
  if (given) return given;
  const a = formatDay(from);
  const b = formatDay(to);
  if (!a && !b) return 'Dates to be announced';
  if (!a || !b || a === b) return a || b;
  return `${a} – ${b}`;
}
