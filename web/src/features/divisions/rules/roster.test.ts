import { describe, expect, it } from 'vitest';
import { ROSTER_MESSAGES, formatComposition, parseComposition, rosterFormValues, rosterInput, validateRoster } from './roster';

describe('division roster rule', () => {
  it('is pairs without substitutes when never set', () => {
    expect(rosterFormValues(undefined)).toEqual({ teamSize: '2', substitutes: '0', composition: '', ageMin: '', ageMax: '', ageOn: '' });
    expect(validateRoster(rosterFormValues(undefined))).toEqual({});
  });

  it('reads and writes a composition', () => {
    expect(parseComposition('2 women + 2 men')).toEqual([
      { category: 'women', count: 2 },
      { category: 'men', count: 2 },
    ]);
    expect(parseComposition('')).toEqual([]);
    expect(parseComposition('two women')).toBeNull();
    expect(parseComposition('0 men')).toBeNull();
    expect(formatComposition([{ category: 'women', count: 2 }, { category: 'men', count: 2 }])).toBe('2 women + 2 men');
  });

  it('refuses each bad value on its field', () => {
    const base = rosterFormValues(undefined);
    expect(validateRoster({ ...base, teamSize: '9' })).toEqual({ teamSize: ROSTER_MESSAGES.teamSize });
    expect(validateRoster({ ...base, substitutes: '5' })).toEqual({ substitutes: ROSTER_MESSAGES.substitutes });
    expect(validateRoster({ ...base, teamSize: '4', composition: '2 women + 1 men' })).toEqual({
      composition: ROSTER_MESSAGES.compositionTotal(3, 4),
    });
    expect(validateRoster({ ...base, composition: 'women and men' })).toEqual({ composition: ROSTER_MESSAGES.compositionFormat });
    expect(validateRoster({ ...base, ageMin: '40', ageMax: '35', ageOn: '2026-06-01' })).toEqual({ ageMax: ROSTER_MESSAGES.ageOrder });
    expect(validateRoster({ ...base, ageMin: '35' })).toEqual({ ageOn: ROSTER_MESSAGES.ageOn });
    expect(validateRoster({ ...base, ageOn: '2026-06-01' })).toEqual({ ageOn: ROSTER_MESSAGES.ageOnWithoutRange });
  });

  it('sends what the form says', () => {
    expect(rosterInput({ teamSize: '4', substitutes: '1', composition: '2 women + 2 men', ageMin: '35', ageMax: '', ageOn: '2026-06-01' })).toEqual({
      teamSize: 4,
      substitutes: 1,
      composition: [
        { category: 'women', count: 2 },
        { category: 'men', count: 2 },
      ],
      ageMin: 35,
      ageMax: null,
      ageOn: '2026-06-01',
    });
  });
});
