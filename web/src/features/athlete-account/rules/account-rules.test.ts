import { describe, expect, it } from 'vitest';
import { validateProfile, validateSignUp } from './account-rules';

describe('athlete account rules', () => {
  it('names every field of a bad sign-up', () => {
    expect(validateSignUp({ email: 'anna', firstName: ' ', lastName: '', password: 'short' })).toEqual({
      email: 'Please enter a valid email address, like name@example.com',
      firstName: 'Please enter your first name',
      lastName: 'Please enter your last name',
      password: 'Password must be at least 12 characters',
    });
    expect(validateSignUp({ email: 'anna@example.com', firstName: 'Anna', lastName: 'Berg', password: 'a-good-passphrase' })).toEqual({});
  });

  it('takes an empty birth year, refuses one out of range', () => {
    const base = { firstName: 'Anna', lastName: 'Berg', club: '', country: '', birthYear: '' };
    expect(validateProfile(base, 2026)).toEqual({});
    expect(validateProfile({ ...base, birthYear: '1899' }, 2026).birthYear).toBe('Birth year must be between 1900 and 2026');
    expect(validateProfile({ ...base, birthYear: '2027' }, 2026).birthYear).toBe('Birth year must be between 1900 and 2026');
    expect(validateProfile({ ...base, birthYear: '1994' }, 2026)).toEqual({});
  });
});
