import { describe, expect, it } from 'vitest';
import type { Event } from '@/lib/api/types';
import { SCORING_MESSAGES, hasErrors, scoringDraftOf, standingText, toScoringSettings, validateScoring } from './scoring';

const event = {
  id: 'e1',
  scoringTable: 'podium100',
  customPoints: [],
  scoringRules: { workoutTies: 'tie_stand', overallTieBreak: 'by_workout', overallWorkoutId: 'w2' },
  workouts: [
    { id: 'w1', name: 'Fran', weight: 2 },
    { id: 'w2', name: 'Cindy', weight: 1 },
  ],
  divisions: [
    { id: 'd1', name: 'Rx', scoringTable: '', workoutTies: '' },
    { id: 'd2', name: 'Scaled', scoringTable: 'ranksum', workoutTies: '' },
  ],
} as unknown as Event;

describe('scoring card form', () => {
  it('starts from the saved settings and sends them back unchanged', () => {
    const draft = scoringDraftOf(event);
    expect(draft).toMatchObject({ workoutTies: 'tie_stand', overallTieBreak: 'by_workout', overallWorkoutId: 'w2', weights: { w1: '2', w2: '1' } });
    expect(toScoringSettings(draft)).toEqual({
      scoringTable: 'podium100',
      customPoints: [],
      rules: { workoutTies: 'tie_stand', overallTieBreak: 'by_workout', overallWorkoutId: 'w2' },
      workoutWeights: [
        { workoutId: 'w1', weight: 2 },
        { workoutId: 'w2', weight: 1 },
      ],
      divisionOverrides: [{ divisionId: 'd2', scoringTable: 'ranksum', workoutTies: '' }],
    });
  });

  it('sends only the divisions with an override of their own', () => {
    const draft = scoringDraftOf(event);
    const settings = toScoringSettings({ ...draft, divisions: { ...draft.divisions, d1: { scoringTable: '', workoutTies: 'tie_stand' }, d2: { scoringTable: '', workoutTies: '' } } });
    expect(settings.divisionOverrides).toEqual([{ divisionId: 'd1', scoringTable: '', workoutTies: 'tie_stand' }]);
    // A draft kept before overrides existed has none.
    expect(toScoringSettings({ ...draft, divisions: undefined }).divisionOverrides).toEqual([]);
  });

  it('checks weights, custom points and the tie-break workout as the server does', () => {
    const draft = { ...scoringDraftOf(event), scoringTable: 'custom' as const, customPoints: '100, x', overallWorkoutId: '', weights: { w1: '3.5', w2: '0.5' } };
    const errors = validateScoring(draft);
    expect(errors).toEqual({ customPoints: SCORING_MESSAGES.customPoints, overallWorkoutId: SCORING_MESSAGES.overallWorkout, weights: { w1: SCORING_MESSAGES.weight } });
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(validateScoring(scoringDraftOf(event)))).toBe(false);
  });

  it('drops the tie-break workout unless it breaks the ties', () => {
    const settings = toScoringSettings({ ...scoringDraftOf(event), overallTieBreak: 'countback' });
    expect(settings.rules.overallWorkoutId).toBe('');
  });

  it('shows a rank and total, or a dash without a rank', () => {
    expect(standingText(2, 190)).toBe('#2 · 190');
    expect(standingText(null, null)).toBe('—');
    expect(standingText(1, 92.5)).toBe('#1 · 92.5');
  });
});
