import { describe, expect, it } from 'vitest';
import { DIVISION_MESSAGES, validateDivisionForm } from './division-form';

describe('division form', () => {
  it('checks name length, description length and event', () => {
    expect(validateDivisionForm({ name: 'A', description: '', eventId: '' })).toEqual({
      name: DIVISION_MESSAGES.nameShort,
      eventId: DIVISION_MESSAGES.eventRequired,
    });
    expect(validateDivisionForm({ name: 'x'.repeat(256), description: 'y'.repeat(501), eventId: 'e' })).toEqual({
      name: DIVISION_MESSAGES.nameLong,
      description: DIVISION_MESSAGES.descriptionLong,
    });
    expect(validateDivisionForm({ name: 'Elite', description: '', eventId: 'e' })).toEqual({});
  });
});
