import { describe, expect, it } from 'vitest';
import { movement, movementLabel, movementMark, tieNote } from './ranks';

describe('movement', () => {
  it('counts places gained and lost since the rank before the latest workout', () => {
    expect(movement(1, 3)).toEqual({ dir: 'up', places: 2 });
    expect(movement(4, 3)).toEqual({ dir: 'down', places: 1 });
    expect(movement(2, 2)).toEqual({ dir: 'same' });
    expect(movement(null, 2)).toBeNull();
    expect(movement(2, null)).toBeNull();
  });
  it('marks and words it', () => {
    expect(movementMark(movement(1, 3))).toBe('▲2');
    expect(movementMark(movement(4, 3))).toBe('▼1');
    expect(movementMark(movement(2, 2))).toBe('');
    expect(movementMark(null)).toBe('');
    expect(movementLabel(movement(1, 3), 'Fran')).toBe('Up 2 places with Fran');
    expect(movementLabel(movement(4, 3), undefined)).toBe('Down 1 place');
    expect(movementLabel(movement(2, 2), 'Fran')).toBe('No change with Fran');
  });
});

describe('tie note', () => {
  it("words the server's tie decision", () => {
    expect(tieNote('ahead', 285)).toBe('Tied on 285; ahead on countback');
    expect(tieNote('behind', 285)).toBe('Tied on 285; behind on countback');
    expect(tieNote('shared', 92.5)).toBe('Tied on 92.5; the place is shared');
    expect(tieNote('not_tied', 285)).toBe('');
    expect(tieNote('ahead', null)).toBe('');
    expect(tieNote('ahead', 285, { kind: 'workout', workout: 'Fran' })).toBe('Tied on 285; ahead in Fran');
    expect(tieNote('behind', 285, { kind: 'workout', workout: 'Fran' })).toBe('Tied on 285; behind in Fran');
    expect(tieNote('shared', 285, { kind: 'shared' })).toBe('Tied on 285; the place is shared');
  });
});
