// Change numbers: fresh through any cache (docs/operations.md, "Caching"). Every public change of
// an event has a number, the live stream's message id. While an event's stream is open, its views
// are fetched as `?change=<the latest number heard>`: a URL no cache (a CDN, the browser) can
// have answered before that change existed, while the gateway answers it from the copy it holds
// for the plain URL. Each answer says, in `Podium-Change`, the latest change it holds, so when a
// stream opens on views that came from an older copy they are fetched again.
//
// A leaderboard's served HTML preloads the board under the event's latest change
// (gateway/boardpreload.go); the app's first request for that board asks for exactly that
// address, so the preload answers it, and only once: later requests name a number only while
// the stream is open (a number kept while the stream is down would let a cache answer every
// poll with the same copy).

/** The query parameter and the response header (gateway/publiccache/change.go). */
export const CHANGE_PARAM = 'change';
export const CHANGE_HEADER = 'Podium-Change';

/** The latest change number heard on each event's open stream. */
const latest = new Map<string, number>();
/** The change number each answer holds, by the answer's data object. */
const held = new WeakMap<object, number>();
/** The event of each team page's answer (a team page's URL does not name its event). */
const teamEvents = new Map<string, string>();

/** The stream of `eventId` heard change `n` (the stream's message id). */
export function heardChange(eventId: string, n: number): void {
  if (Number.isSafeInteger(n) && n >= (latest.get(eventId) ?? 0)) latest.set(eventId, n);
}

/** The stream of `eventId` closed: its numbers are no longer heard, so none is asked for. */
export function forgetChanges(eventId: string): void {
  latest.delete(eventId);
}

/** The query that names the latest change of `eventId`: the one heard on its open stream, or,
 * for the first request of the view at `path` (an API path, without /api), the one its HTML's
 * preload names; none otherwise. */
export function changeQuery(eventId: string | undefined, path?: string): Record<string, string> | undefined {
  if (eventId === undefined) return undefined;
  const n = latest.get(eventId);
  if (n !== undefined) return { [CHANGE_PARAM]: String(n) };
  const first = path === undefined ? undefined : takePreloaded(path);
  return first === undefined ? undefined : { [CHANGE_PARAM]: first };
}

/** API path → the change number the page's preload of it names, until a request takes it. */
let preloaded: Map<string, string> | undefined;

function takePreloaded(path: string): string | undefined {
  preloaded ??= readPreloads();
  const n = preloaded.get(path);
  preloaded.delete(path);
  return n;
}

/** The same-origin API fetches the served HTML preloads under a change number. */
function readPreloads(): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof document === 'undefined') return found;
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')) {
    const url = new URL(link.getAttribute('href') ?? '', window.location.href);
    const n = url.searchParams.get(CHANGE_PARAM);
    if (url.origin === window.location.origin && url.pathname.startsWith('/api/') && n !== null && /^\d+$/.test(n)) {
      found.set(url.pathname.slice('/api'.length), n);
    }
  }
  return found;
}

/** Files the change number an answer's response says it holds. */
export function noteHeldChange(data: unknown, response: Response): void {
  const n = Number(response.headers.get(CHANGE_HEADER) ?? NaN);
  if (typeof data === 'object' && data !== null && Number.isSafeInteger(n)) held.set(data, n);
}

/** Whether `data` is known to hold change `n` of its event. */
export function holdsChange(data: unknown, n: number): boolean {
  return typeof data === 'object' && data !== null && (held.get(data) ?? -1) >= n;
}

export const teamEvent = (teamId: string): string | undefined => teamEvents.get(teamId);
export const noteTeamEvent = (teamId: string, eventId: string): void => void teamEvents.set(teamId, eventId);
