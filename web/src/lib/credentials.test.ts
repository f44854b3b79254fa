import { describe, expect, it } from 'vitest';
import { CREDENTIAL_MESSAGES, validateNewUser, validatePassword, validatePasswordChange } from './credentials';

describe('credential rules', () => {
  it.each(['ab', 'a'.repeat(65), 'with space', 'émile', 'semi;colon'])('refuses the username %j', (username) => {
    expect(validateNewUser({ username, password: 'long enough password', role: 'scorer' })).toEqual({ username: CREDENTIAL_MESSAGES.username });
  });

  it.each(['abc', 'a'.repeat(64), 'judge.one_2-b'])('accepts the username %j', (username) => {
    expect(validateNewUser({ username, password: 'x'.repeat(12), role: 'scorer' })).toEqual({});
  });

  it('wants 12 characters and a matching confirmation', () => {
    expect(validatePassword({ password: 'x'.repeat(11), confirm: 'x'.repeat(11) })).toEqual({ password: CREDENTIAL_MESSAGES.password });
    expect(validatePassword({ password: 'x'.repeat(12), confirm: 'y'.repeat(12) })).toEqual({ confirm: CREDENTIAL_MESSAGES.confirm });
    expect(validatePassword({ password: 'x'.repeat(12), confirm: 'x'.repeat(12) })).toEqual({});
  });

  it('wants the current password for a change', () => {
    expect(validatePasswordChange({ currentPassword: '', password: 'x'.repeat(12), confirm: 'x'.repeat(12) })).toEqual({
      currentPassword: CREDENTIAL_MESSAGES.currentPassword,
    });
  });
});
