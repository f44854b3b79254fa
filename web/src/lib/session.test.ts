// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { clearSession, endSessionByServer, loadSession, saveSession, sessionEndedByServer, SESSION_KEYS } from './session';

describe('session', () => {
  it('uses exactly three localStorage keys', () => {
    expect(Object.values(SESSION_KEYS)).toEqual(['podium.token', 'podium.username', 'podium.expiresAt']);
  });

  it('loads a session whose expiry lies in the future', () => {
    const session = { token: 't', username: 'u', expiresAt: '2099-01-01T00:00:00Z' };
    saveSession(session);
    expect(loadSession()).toEqual(session);
  });

  it('clears an expired session on load', () => {
    saveSession({ token: 't', username: 'u', expiresAt: '2000-01-01T00:00:00Z' });
    expect(loadSession()).toBeNull();
    expect(localStorage.getItem('podium.token')).toBeNull();
    expect(localStorage.getItem('podium.expiresAt')).toBeNull();
  });

  it('clears all three keys', () => {
    saveSession({ token: 't', username: 'u', expiresAt: '2099-01-01T00:00:00Z' });
    clearSession();
    expect(localStorage.length).toBe(0);
  });
});

describe('a session the server ended', () => {
  it('is remembered until the next sign-in, so the sign-in page says why it opened', () => {
    saveSession({ token: 't', username: 'u', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect(sessionEndedByServer()).toBe(false);
    endSessionByServer();
    expect(sessionEndedByServer()).toBe(true);
    expect(localStorage.getItem('podium.token')).toBeNull();
    saveSession({ token: 't', username: 'u', expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect(sessionEndedByServer()).toBe(false);
  });
});
