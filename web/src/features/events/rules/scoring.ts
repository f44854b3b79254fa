// The scoring card's form (docs/scoring.md): the event's table, tie rules and workout weights as
// typed, checked as the server checks them, and turned into the settings it takes.
import type { Event, OverallTieBreak, ScoringSettings, ScoringTable, WorkoutTies } from '@/lib/api/types';
import { parseCustomPoints } from './event-form';

export type ScoringDraft = {
  scoringTable: ScoringTable;
  /** As typed: "100, 90, 80". */
  customPoints: string;
  workoutTies: WorkoutTies;
  overallTieBreak: OverallTieBreak;
  overallWorkoutId: string;
  /** By workout id, as typed: "2". */
  weights: Record<string, string>;
  /** By division id: its own table and workout ties ('' each: the event's). Absent in drafts
   * kept before overrides existed. */
  divisions?: Record<string, DivisionOverride>;
};

export type DivisionOverride = { scoringTable: ScoringTable | ''; workoutTies: WorkoutTies | '' };

/** The tables a division may have of its own: every one but custom (its points are the event's). */
export const isDivisionTable = (t: ScoringTable) => t !== 'custom';

export type ScoringErrors = { customPoints?: string; overallWorkoutId?: string; weights?: Record<string, string> };

export const WORKOUT_TIES: { value: WorkoutTies; label: string }[] = [
  { value: 'share_better', label: 'Better place (1, 2, 2, 4)' },
  { value: 'average_points', label: 'Average of their points' },
  { value: 'tie_stand', label: 'Tie stand (1, 2, 2, 3)' },
];

export const OVERALL_TIE_BREAKS: { value: OverallTieBreak; label: string }[] = [
  { value: 'countback', label: 'Countback' },
  { value: 'by_workout', label: 'Place in a chosen workout' },
  { value: 'shared', label: 'None (shared)' },
];

/** The bounds of a workout's weight (the server's too). */
export const WEIGHT_MIN = 0.5;
export const WEIGHT_MAX = 3;

export const SCORING_MESSAGES = {
  customPoints: 'Enter the points by place as numbers separated by commas (e.g. 100, 90, 80)',
  overallWorkout: 'Choose the workout whose place breaks equal totals',
  weight: `Weight must be between ${WEIGHT_MIN} and ${WEIGHT_MAX}`,
} as const;

export function scoringDraftOf(event: Event): ScoringDraft {
  const rules = event.scoringRules ?? {};
  return {
    scoringTable: event.scoringTable || 'podium100',
    customPoints: (event.customPoints ?? []).join(', '),
    workoutTies: (rules.workoutTies as WorkoutTies | undefined) || 'share_better',
    overallTieBreak: (rules.overallTieBreak as OverallTieBreak | undefined) || 'countback',
    overallWorkoutId: rules.overallWorkoutId ?? '',
    weights: Object.fromEntries(event.workouts.map((w) => [w.id, String(w.weight || 1)])),
    divisions: Object.fromEntries(
      event.divisions.map((d) => [
        d.id,
        { scoringTable: (d.scoringTable || '') as DivisionOverride['scoringTable'], workoutTies: (d.workoutTies || '') as DivisionOverride['workoutTies'] },
      ]),
    ),
  };
}

export function validateScoring(draft: ScoringDraft): ScoringErrors {
  const errors: ScoringErrors = {};
  if (draft.scoringTable === 'custom' && !parseCustomPoints(draft.customPoints)) errors.customPoints = SCORING_MESSAGES.customPoints;
  if (draft.overallTieBreak === 'by_workout' && !draft.overallWorkoutId) errors.overallWorkoutId = SCORING_MESSAGES.overallWorkout;
  for (const [id, text] of Object.entries(draft.weights)) {
    const w = Number(text);
    if (text.trim() === '' || !(w >= WEIGHT_MIN && w <= WEIGHT_MAX)) (errors.weights ??= {})[id] = SCORING_MESSAGES.weight;
  }
  return errors;
}

export const hasErrors = (e: ScoringErrors): boolean => !!(e.customPoints || e.overallWorkoutId || (e.weights && Object.keys(e.weights).length));

export function toScoringSettings(draft: ScoringDraft): ScoringSettings {
  return {
    scoringTable: draft.scoringTable,
    customPoints: draft.scoringTable === 'custom' ? (parseCustomPoints(draft.customPoints) ?? []) : [],
    rules: {
      workoutTies: draft.workoutTies,
      overallTieBreak: draft.overallTieBreak,
      overallWorkoutId: draft.overallTieBreak === 'by_workout' ? draft.overallWorkoutId : '',
    },
    workoutWeights: Object.entries(draft.weights).map(([workoutId, text]) => ({ workoutId, weight: Number(text) })),
    divisionOverrides: Object.entries(draft.divisions ?? {})
      .filter(([, o]) => o.scoringTable || o.workoutTies)
      .map(([divisionId, o]) => ({ divisionId, scoringTable: o.scoringTable, workoutTies: o.workoutTies })),
  };
}

/** A rank and total as the preview shows them: "#2 · 190", "—" without a rank. */
export function standingText(rank: number | null, total: number | null): string {
  if (rank === null) return total === null ? '—' : `— · ${formatTotal(total)}`;
  return `#${rank} · ${formatTotal(total ?? 0)}`;
}

const formatTotal = (n: number): string => (Number.isInteger(n) ? String(n) : String(Math.round(n * 100) / 100));
