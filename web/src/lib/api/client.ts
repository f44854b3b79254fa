import { clearAthleteSession, loadAthleteSession } from '@/lib/athlete-session';
import { endSessionByServer, loadSession } from '@/lib/session';

export const API_BASE = '/api';
export const API_TIMEOUT_MS = 10_000;

/** A call that never reached the server (offline, DNS, a dropped connection): said in words,
 * not as the browser's "Failed to fetch". */
export const UNREACHABLE_MESSAGE = 'The server could not be reached. Check the connection and try again.';

/** A failed call: the HTTP status (0 for network errors and timeouts), the server's message and
 * the request field it names, if any ("workoutOrder", "results[3].resultValue"). */
export class ApiError extends Error {
  readonly status: number;
  readonly field: string | null;

  constructor(status: number, message: string, field: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.field = field;
  }
}

type UnauthorizedHandler = () => void;

let onUnauthorized: UnauthorizedHandler = () => {
  if (window.location.pathname !== '/login') window.location.assign('/login');
};

/** The app replaces the default full-page redirect with a router navigation. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** fetch's cache mode; live public views use 'no-cache' (revalidate by ETag, never serve stale). */
  cache?: RequestCache;
  /** Whose token goes along: the console's (default) or the public site's athlete. An athlete's
   * 401 ends only the athlete session; the athlete pages then offer sign-in. */
  as?: 'console' | 'athlete';
  /** Hears a successful answer's data and response (its headers). */
  onAnswer?: (data: unknown, response: Response) => void;
};

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  Object.entries(query ?? {}).forEach(([key, value]) => {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  });
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readError(response: Response): Promise<ApiError> {
  let field: string | null = null;
  try {
    const body = (await response.json()) as { message?: unknown; field?: unknown };
    if (typeof body.field === 'string' && body.field) field = body.field;
    if (typeof body.message === 'string' && body.message) return new ApiError(response.status, body.message, field);
  } catch {
    // not JSON: fall through to the status text
  }
  return new ApiError(response.status, response.statusText || `Request failed with status ${response.status}`, field);
}

function handleUnauthorized(): void {
  endSessionByServer();
  if (window.location.pathname !== '/login') onUnauthorized();
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const athlete = options.as === 'athlete';
  const session = athlete ? loadAthleteSession() : loadSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: controller.signal,
      cache: options.cache,
    });
  } catch {
    const timedOut = controller.signal.aborted && !options.signal?.aborted;
    throw new ApiError(0, timedOut ? 'The request timed out' : UNREACHABLE_MESSAGE);
  } finally {
    clearTimeout(timeout);
  }

  if (response.status === 401) {
    if (athlete) clearAthleteSession();
    else handleUnauthorized();
  }
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data = (text ? JSON.parse(text) : undefined) as T;
  options.onAnswer?.(data, response);
  return data;
}

/** A file the server offers for saving: its bytes and the name it suggests. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

/** The file name a Content-Disposition header offers: the UTF-8 form first, else the plain one. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1].trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(disposition);
  return plain?.[1] ?? null;
}

/** Fetches a download (a CSV, an event document) with the session's token (the console's, or
 * the athlete's for their own data). */
export async function apiDownload(path: string, query?: Query, as: 'console' | 'athlete' = 'console'): Promise<DownloadedFile> {
  const session = as === 'athlete' ? loadAthleteSession() : loadSession();
  const headers: Record<string, string> = session ? { Authorization: `Bearer ${session.token}` } : {};
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { headers });
  } catch {
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }
  if (response.status === 401) {
    if (as === 'athlete') clearAthleteSession();
    else handleUnauthorized();
  }
  if (!response.ok) throw await readError(response);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition')) };
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, query?: Query) => apiRequest<T>(path, { method: 'POST', body: body ?? {}, query }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T = unknown>(path: string, query?: Query) => apiRequest<T>(path, { method: 'DELETE', query }),
};

/** The public site's athlete calls: the signed-in athlete's token, never the console's. */
export const athleteApi = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) => apiRequest<T>(path, { query, signal, as: 'athlete' }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {}, as: 'athlete' }),
  put: <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PUT', body, as: 'athlete' }),
  delete: <T = unknown>(path: string, query?: Query) => apiRequest<T>(path, { method: 'DELETE', query, as: 'athlete' }),
};
