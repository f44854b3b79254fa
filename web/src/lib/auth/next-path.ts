// Where a sign-in page sends the athlete afterwards: the `next` it was given, if that is a path
// of this site, and the fallback otherwise. Anything that could leave the origin ("//host",
// "/\host", "https://…", "javascript:…") or is not a path is refused, so a link to the
// sign-in page cannot send someone elsewhere (no open redirect).

export function safeNextPath(next: string | null | undefined, fallback: string, origin = window.location.origin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || hasBackslashOrControl(next)) return fallback;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  return url.pathname + url.search + url.hash;
}

// A backslash or a control character: browsers read "/\host" as "//host" and drop tabs and
// line breaks from URLs.
function hasBackslashOrControl(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x5c || c <= 0x1f || c === 0x7f) return true;
  }
  return false;
}
