// The appeal forms' rules, as results-svc checks them (results-svc/appeals.go): a reason of 1
// to 1000 characters, an optional https video link, a window of 1 to 1440 whole minutes. Each
// failure is the key of its message in the `site` catalogue (the console loads it too).

export const MAX_REASON = 1000;
export const WINDOW_MIN = 1;
export const WINDOW_MAX = 1440;
export const DEFAULT_WINDOW = 30;

export type Check<T> = { ok: true; value: T } | { ok: false; error: string };

/** A reason: required, at most 1000 characters (counted as the server counts: code points). */
export function checkReason(raw: string): Check<string> {
  const v = raw.trim();
  if (!v) return { ok: false, error: 'appeals.errors.reasonRequired' };
  if ([...v].length > MAX_REASON) return { ok: false, error: 'appeals.errors.reasonLong' };
  return { ok: true, value: v };
}

/** An optional video link: https with a host, at most 500 characters. */
export function checkVideo(raw: string): Check<string> {
  const v = raw.trim();
  if (!v) return { ok: true, value: '' };
  if (v.length > 500) return { ok: false, error: 'appeals.errors.videoLong' };
  try {
    const url = new URL(v);
    if (url.protocol !== 'https:' || !url.host || url.username) return { ok: false, error: 'appeals.errors.videoHttps' };
  } catch {
    return { ok: false, error: 'appeals.errors.videoHttps' };
  }
  return { ok: true, value: v };
}

/** The window in whole minutes, 1 to 1440. */
export function checkWindow(raw: string): Check<number> {
  const v = raw.trim();
  if (!/^\d+$/.test(v)) return { ok: false, error: 'appeals.errors.windowRange' };
  const n = Number(v);
  if (n < WINDOW_MIN || n > WINDOW_MAX) return { ok: false, error: 'appeals.errors.windowRange' };
  return { ok: true, value: n };
}
