import { describe, expect, it } from 'vitest';
import { DIVISION_MESSAGES, validateDivisionForm } from './division-form';
import { rosterFormValues } from './roster';

const pairs = rosterFormValues(undefined);

describe('division form', () => {
  it('checks name length, description length and event', () => {
    expect(validateDivisionForm({ name: 'A', description: '', eventId: '', ...pairs })).toEqual({
      name: DIVISION_MESSAGES.nameShort,
      eventId: DIVISION_MESSAGES.eventRequired,
    });
    expect(validateDivisionForm({ name: 'x'.repeat(256), description: 'y'.repeat(501), eventId: 'e', ...pairs })).toEqual({
      name: DIVISION_MESSAGES.nameLong,
      description: DIVISION_MESSAGES.descriptionLong,
    });
    expect(validateDivisionForm({ name: 'Elite', description: '', eventId: 'e', ...pairs })).toEqual({});
  });
});
