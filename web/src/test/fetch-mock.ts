import { vi } from 'vitest';

type Handler = (url: URL, init: RequestInit) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch with a handler by URL; unmatched calls answer 404. Returns the spy. */
export function mockFetch(handler: Handler) {
  const spy = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const answer = handler(url, init) ?? { status: 404, body: { code: 5, message: 'not found' } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

export function storeValidSession(): void {
  localStorage.setItem('podium.token', 'tok');
  localStorage.setItem('podium.username', 'admin');
  localStorage.setItem('podium.expiresAt', new Date(Date.now() + 3_600_000).toISOString());
}
