// Display rules of the public site.
import { i18n } from '@/lib/i18n/i18n';
import { formatNumber as formatLocalNumber } from '@/lib/i18n/format';
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

const STATUS_LABELS: Record<PublicResultStatus, string> = {
  completed: 'result.status.completed',
  not_started: 'result.status.not_started',
  dnf: 'result.status.dnf',
  dns: 'result.status.dns',
  capped: 'result.status.capped',
  dq: 'result.status.dq',
};

export const statusIcon = (status: string): string => STATUS_ICONS[status as PublicResultStatus] ?? STATUS_ICONS.not_started;
export const statusLabel = (status: string): string => {
  const key = STATUS_LABELS[status as PublicResultStatus] as string | undefined;
  return key ? i18n.t(key) : status;
};

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

/** Whole numbers without decimals, others with at most two, as the viewer's language writes them. */
export function formatNumber(value: number): string {
  return formatLocalNumber(value, 2);
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
  if (updatedAt === null || updatedAt === undefined || updatedAt === '') return i18n.t('updated.never');
  const at = new Date(updatedAt);
  if (Number.isNaN(at.getTime())) return i18n.t('updated.never');
  const seconds = Math.max(0, Math.floor((new Date(now).getTime() - at.getTime()) / 1000));
  if (seconds <= JUST_NOW_SECONDS) return i18n.t('updated.justNow');
  if (seconds < 60) return i18n.t('updated.seconds', { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return i18n.t('updated.minutes', { count: minutes });
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
  upcoming: 'event.status.upcoming',
  in_progress: 'event.status.in_progress',
  completed: 'event.status.completed',
  published: 'event.status.published',
  archived: 'event.status.archived',
};

/** The public statuses in the viewer's language (the server's statusLabel is German). */
export function eventStatusLabel(status: string): string {
  const key = status.toLowerCase();
  const label = EVENT_STATUS_LABELS[key as PublicEventStatus] as string | undefined;
  if (label) return i18n.t(label);
  const s = key.replace(/_/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const TYPE_LABELS: Record<WorkoutType, string> = {
  time: 'words.scoreType.TIME',
  reps: 'words.scoreType.REPS',
  maxweight: 'words.scoreType.MAX_WEIGHT',
  points: 'words.scoreType.POINTS',
};

export const workoutTypeLabel = (type: WorkoutType | undefined): string => i18n.t((type ? TYPE_LABELS[type] : undefined) ?? 'scoring.score');

/** The workout leaderboard's scoring description, from the scoring type and the server's
 * time-cap text (timeCapText: "12:00", null without a cap). */
export function scoringDescription(type: WorkoutType | undefined, cap: string | null | undefined): string {
  switch (type) {
    case 'time':
      return cap ? i18n.t('scoring.timeCapped', { cap }) : i18n.t('scoring.time');
    case 'reps':
      return cap ? i18n.t('scoring.repsCapped', { cap }) : i18n.t('scoring.reps');
    case 'maxweight':
      return cap ? i18n.t('scoring.weightCapped', { cap }) : i18n.t('scoring.weight');
    case 'points':
      return cap ? i18n.t('scoring.pointsCapped', { cap }) : i18n.t('scoring.points');
    default:
      return cap ? i18n.t('scoring.otherCapped', { cap }) : i18n.t('scoring.other');
  }
}

/** Up to two athlete names joined by a bullet. */
export const athletes = (a1: string | undefined, a2: string | undefined): string => [a1, a2].filter((n) => n && n.trim()).join(' • ');

/**
 * A board line's athletes (docs/rosters.md): every starting athlete the server sends, else the
 * two names of a pair, joined by a bullet; empty when the only name is the line's own (an
 * individual, whose entry is named after them).
 */
export function rosterLine(line: { teamName: string; athleteNames?: string[]; athlete1Name?: string; athlete2Name?: string }): string {
  const names = line.athleteNames?.length ? line.athleteNames.filter((n) => n.trim()) : [line.athlete1Name, line.athlete2Name].filter((n): n is string => !!n && !!n.trim());
  if (names.length === 1 && names[0]!.trim() === line.teamName.trim()) return '';
  return names.join(' • ');
}

/** What a division's entries are called: an individual division's are athletes, others teams. */
export const entrantWord = (teamSize: number | undefined): string => (teamSize === 1 ? i18n.t('board.athlete') : i18n.t('board.team'));

/** "1 team", "12 teams"; "12 athletes" for an individual division. */
export const entrantCount = (n: number, teamSize: number | undefined): string =>
  i18n.t(teamSize === 1 ? 'board.athletes' : 'board.teams', { count: n, number: formatLocalNumber(n) });

/** "12 May 2026" from YYYY-MM-DD or an instant (lib/dates.ts); '' for nothing. */
export const formatDay = (value: string | null | undefined): string => (value ? formatDate(value) : '');

/** The server's dateRange text, or one built from the two dates. */
export function dateRangeText(from: string | undefined, to: string | undefined, given?: string): string {
  if (given) return given;
  const a = formatDay(from);
  const b = formatDay(to);
  if (!a && !b) return i18n.t('event.datesTba');
  if (!a || !b || a === b) return a || b;
  return `${a} – ${b}`;
}
