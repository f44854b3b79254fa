// A division's roster rule as the form edits it (docs/rosters.md): team size 1 (individuals)
// to 8, substitutes 0 to 4, a composition typed as "2 women + 2 men", an age range on a date.
import type { DivisionRoster } from '@/lib/api/types';

export const TEAM_SIZES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const MAX_SUBSTITUTES = 4;
/** A division that never set a size is pairs, as the spec describes. */
export const DEFAULT_TEAM_SIZE = 2;

export type RosterFormValues = {
  teamSize: string;
  substitutes: string;
  composition: string;
  ageMin: string;
  ageMax: string;
  ageOn: string;
};
export type RosterFormErrors = Partial<Record<keyof RosterFormValues, string>>;

export const ROSTER_MESSAGES = {
  teamSize: 'Team size must be between 1 and 8',
  substitutes: `Substitutes must be between 0 and ${MAX_SUBSTITUTES}`,
  compositionFormat: 'Write the composition as counts and categories, e.g. 2 women + 2 men',
  compositionTotal: (total: number, size: number) => `The composition counts ${total} athletes; the team size is ${size}`,
  age: 'Age must be a whole number from 0 to 120',
  ageOrder: 'The youngest age must not be above the oldest',
  ageOn: 'Give the date the ages are taken on',
  ageOnWithoutRange: 'Give an age range for this date',
} as const;

export const sizeLabel = (n: number) => (n === 1 ? '1 (individuals)' : n === 2 ? '2 (pairs)' : String(n));

export type CompositionRule = { category: string; count: number };

/** "2 women + 2 men" → rules; null when it does not read so. Empty text: no composition. */
export function parseComposition(text: string): CompositionRule[] | null {
  const trimmed = text.trim();
  if (!trimmed) return [];
  const out: CompositionRule[] = [];
  for (const part of trimmed.split('+')) {
    const m = /^\s*(\d+)\s+(\S.*?)\s*$/.exec(part);
    if (!m) return null;
    const count = Number(m[1]);
    if (count < 1) return null;
    out.push({ category: m[2] ?? '', count });
  }
  return out;
}

export const formatComposition = (rules: readonly CompositionRule[]) => rules.map((r) => `${r.count} ${r.category}`).join(' + ');

const whole = (s: string, min: number, max: number) => /^\d+$/.test(s.trim()) && Number(s) >= min && Number(s) <= max;

export function validateRoster(values: RosterFormValues): RosterFormErrors {
  const errors: RosterFormErrors = {};
  if (!whole(values.teamSize, 1, 8)) errors.teamSize = ROSTER_MESSAGES.teamSize;
  if (!whole(values.substitutes || '0', 0, MAX_SUBSTITUTES)) errors.substitutes = ROSTER_MESSAGES.substitutes;
  const rules = parseComposition(values.composition);
  if (rules === null) errors.composition = ROSTER_MESSAGES.compositionFormat;
  else if (rules.length > 0 && !errors.teamSize) {
    const total = rules.reduce((n, r) => n + r.count, 0);
    if (total !== Number(values.teamSize)) errors.composition = ROSTER_MESSAGES.compositionTotal(total, Number(values.teamSize));
  }
  const min = values.ageMin.trim();
  const max = values.ageMax.trim();
  if (min && !whole(min, 0, 120)) errors.ageMin = ROSTER_MESSAGES.age;
  if (max && !whole(max, 0, 120)) errors.ageMax = ROSTER_MESSAGES.age;
  if (!errors.ageMin && !errors.ageMax && min && max && Number(min) > Number(max)) errors.ageMax = ROSTER_MESSAGES.ageOrder;
  if ((min || max) && !values.ageOn) errors.ageOn = ROSTER_MESSAGES.ageOn;
  if (!min && !max && values.ageOn) errors.ageOn = ROSTER_MESSAGES.ageOnWithoutRange;
  return errors;
}

export function rosterFormValues(roster: DivisionRoster | undefined | null): RosterFormValues {
  return {
    teamSize: String(roster?.teamSize || DEFAULT_TEAM_SIZE),
    substitutes: String(roster?.substitutes ?? 0),
    composition: formatComposition(roster?.composition ?? []),
    ageMin: roster?.ageMin == null ? '' : String(roster.ageMin),
    ageMax: roster?.ageMax == null ? '' : String(roster.ageMax),
    ageOn: roster?.ageOn ?? '',
  };
}

/** The form's values as the API takes them (checked by validateRoster first). */
export function rosterInput(values: RosterFormValues): DivisionRoster {
  return {
    teamSize: Number(values.teamSize),
    substitutes: Number(values.substitutes || '0'),
    composition: parseComposition(values.composition) ?? [],
    ageMin: values.ageMin.trim() ? Number(values.ageMin) : null,
    ageMax: values.ageMax.trim() ? Number(values.ageMax) : null,
    ageOn: values.ageOn,
  };
}

/** A division's athletes per team (pairs when never set). */
export const teamSizeOf = (division: { roster?: { teamSize?: number } | null } | undefined) =>
  division?.roster?.teamSize || DEFAULT_TEAM_SIZE;
