import { describe, expect, it } from 'vitest';
import { closesIn, nextTick } from './deadline';

describe('submission deadline countdown', () => {
  it('counts down and says nothing once passed', () => {
    const d = Date.UTC(2026, 4, 1, 18, 0, 0);
    expect(closesIn(d, d + 1)).toBe('');
    expect(closesIn(d, d)).toBe('');
    expect(closesIn(d, d - 45_000)).toBe('closes in 45 s');
    expect(closesIn(d, d - 44 * 60_000 - 1_000)).toBe('closes in 45 min');
    expect(closesIn(d, d - 125 * 60_000)).toBe('closes in 2 h 05 min');
    expect(closesIn(d, d - 72 * 3_600_000)).toBe('closes in 3 days');
    expect(nextTick(d, d - 30_000)).toBe(1000);
    expect(nextTick(d, d - 3_600_000)).toBe(15_000);
  });
});
