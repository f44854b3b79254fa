// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadSession } from './session';
import { ATHLETE_SESSION_KEYS, clearAthleteSession, loadAthleteSession, saveAthleteSession } from './athlete-session';

describe('athlete session', () => {
  beforeEach(() => localStorage.clear());

  it('is kept apart from the console session', () => {
    saveAthleteSession({ token: 't', email: 'anna@example.com', expiresAt: '2999-01-01T00:00:00Z' });
    expect(loadAthleteSession()).toEqual({ token: 't', email: 'anna@example.com', expiresAt: '2999-01-01T00:00:00Z' });
    expect(loadSession()).toBeNull();
    clearAthleteSession();
    expect(loadAthleteSession()).toBeNull();
  });

  it('drops an expired or partial session', () => {
    saveAthleteSession({ token: 't', email: 'anna@example.com', expiresAt: '2000-01-01T00:00:00Z' });
    expect(loadAthleteSession()).toBeNull();
    localStorage.setItem(ATHLETE_SESSION_KEYS.token, 't');
    expect(loadAthleteSession()).toBeNull();
    expect(localStorage.getItem(ATHLETE_SESSION_KEYS.token)).toBeNull();
  });
});
