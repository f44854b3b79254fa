// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, storeValidSession } from '@/test/fetch-mock';
import { saveAthleteSession } from '@/lib/athlete-session';
import { api, ApiError, athleteApi, fileNameOf, setUnauthorizedHandler } from './client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it('calls /api with JSON and the bearer token of the stored session', async () => {
    storeValidSession();
    const spy = mockFetch(() => ({ body: [{ id: '1' }] }));
    await expect(api.get('/events')).resolves.toEqual([{ id: '1' }]);
    const [url, init] = spy.mock.calls[0]!;
    expect(String(url)).toBe('/api/events');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('sends no Authorization header without a session', async () => {
    const spy = mockFetch(() => ({ body: {} }));
    await api.post('/auth/login', { username: 'a', password: 'b' });
    expect((spy.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('carries the status and the server message on errors', async () => {
    mockFetch(() => ({ status: 409, body: { code: 9, message: 'Only Draft events can be deleted' } }));
    const error = await api.delete('/events/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Only Draft events can be deleted' });
  });

  it('clears the session and redirects on 401', async () => {
    storeValidSession();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    mockFetch(() => ({ status: 401, body: { code: 16, message: 'token expired' } }));
    await expect(api.get('/events')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('podium.token')).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('sends the athlete\'s token, not the console\'s, on athlete calls; their 401 ends only the athlete session', async () => {
    storeValidSession();
    saveAthleteSession({ token: 'athlete-tok', email: 'anna@example.com', expiresAt: '2999-01-01T00:00:00Z' });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const spy = mockFetch(() => ({ status: 401, body: { code: 16, message: 'expired' } }));
    await expect(athleteApi.get('/athlete/profile')).rejects.toMatchObject({ status: 401 });
    expect((spy.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe('Bearer athlete-tok');
    expect(localStorage.getItem('podium.athlete.token')).toBeNull();
    expect(localStorage.getItem('podium.token')).toBe('tok');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('times out after 10 seconds', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted'))))),
    );
    const pending = api.get('/events').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toMatchObject({ status: 0, message: 'The request timed out' });
  });
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name and falls back to the plain one', () => {
    expect(fileNameOf(`attachment; filename="M_nner.csv"; filename*=UTF-8''M%C3%A4nner%20Elite.csv`)).toBe('Männer Elite.csv');
    expect(fileNameOf('attachment; filename="results.csv"')).toBe('results.csv');
    expect(fileNameOf(`attachment; filename="x.csv"; filename*=UTF-8''%E0%A4%A`)).toBe('x.csv');
    expect(fileNameOf(null)).toBeNull();
  });
});
