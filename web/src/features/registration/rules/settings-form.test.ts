import { describe, expect, it } from 'vitest';
import { feeCents, feeText, fromLocalInput, toLocalInput } from './settings-form';

describe('registration settings form', () => {
  it('reads fees in the currency unit', () => {
    expect(feeCents('40')).toBe(4000);
    expect(feeCents('40.5')).toBe(4050);
    expect(feeCents('40,05')).toBe(4005);
    expect(feeCents('')).toBe(0);
    expect(feeCents('40.505')).toBeNull();
    expect(feeCents('-1')).toBeNull();
    expect(feeText(4050)).toBe('40.50');
    expect(feeText(0)).toBe('');
  });

  it('turns datetime-local values into instants and back', () => {
    const instant = fromLocalInput('2026-05-01T09:30');
    expect(instant).toMatch(/^2026-0[45]-\d\dT\d\d:30:00Z$/);
    expect(toLocalInput(instant)).toBe('2026-05-01T09:30');
    expect(fromLocalInput('')).toBe('');
  });
});
