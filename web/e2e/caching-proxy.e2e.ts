// Fresh through a CDN: the public site behind a caching proxy (nginx with proxy_cache, e2e/nginx.ts)
// that keeps every public answer as long as its Cache-Control allows (max-age=5, served stale
// while it revalidates). Pages open on the proxy hear each published change on their live
// stream and fetch the views it alters under a URL naming the change (docs/operations.md,
// "Caching"), so no copy the proxy kept from before the change can answer; every change shows
// before any copy could have expired, and the proxy still answers most requests from its own
// copies. How soon a change shows is printed, not asserted: speed is a measurement (make
// simulate's "publish → last stream"), and a tight bound here would fail on a busy machine.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { saveAndPublish } from './events';
import { startCachingProxy, type CachingProxy } from './nginx';
import { seed, type Seeded } from './public-seed';
import { startStack, type Stack } from './stack';

const CHANGES = 20;
const VIEWERS = 3;
/** Changes come faster than the proxy's copies expire (max-age=5). */
const CHANGE_EVERY_MS = 1_500;
/** Sooner than a copy from before the change expires (max-age=5): a page that asked the proxy
 * for the plain URL would keep showing the old copy, since nothing fetches it again. */
const VISIBLE_WITHIN_MS = 4_000;

let stack: Stack;
let proxy: CachingProxy;
let browser: Browser;
let s: Seeded;

beforeAll(async () => {
  stack = await startStack();
  s = await seed(stack.baseUrl, stack.username, stack.password);
  proxy = await startCachingProxy(stack.baseUrl);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await stack?.stop();
});

/** A page on the proxy showing `path`, once its live stream is open. */
async function viewer(path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: proxy.baseUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/public/events/${s.eventId}/stream` && r.status() === 200);
  await page.goto(path);
  await stream;
  return { context, page };
}

describe('behind a caching proxy', () => {
  it(`shows ${CHANGES} of ${CHANGES} published changes on every open page before a kept copy expires, the proxy answering most requests itself`, async () => {
    const rxBoard = `/public/events/${s.eventId}/divisions/${s.rx.id}/leaderboard`;
    const scaledBoard = `/public/events/${s.eventId}/divisions/${s.scaled.id}/leaderboard`;
    const team = s.rx.teams[4]!;
    const viewers = await Promise.all(Array.from({ length: VIEWERS }, () => viewer(rxBoard)));
    const visitors: BrowserContext[] = [];
    const late: string[] = [];
    const shownAfter: number[] = [];
    try {
      await viewers[0]!.page.getByText(team.name).first().waitFor();
      for (let i = 1; i <= CHANGES; i += 1) {
        const kg = String(1000 + i);
        await saveAndPublish(s.session, [{ teamId: team.id, workoutId: s.workouts.weight, status: 'completed', resultValue: 1000 + i }]);
        const published = Date.now();
        const seen = await Promise.all(
          viewers.map(({ page }) =>
            page
              .waitForFunction((text) => document.body.innerText.includes(text), kg, { timeout: VISIBLE_WITHIN_MS, polling: 20 })
              .then(() => Date.now() - published)
              .catch(() => -1),
          ),
        );
        if (seen.some((ms) => ms < 0)) late.push(`change ${i}: ${seen.join(', ')} ms`);
        shownAfter.push(...seen);
        // A crowd of new spectators arrives now and then, on a board the changes leave alone.
        if (i % 5 === 0) {
          const crowd = await Promise.all(Array.from({ length: VIEWERS }, () => viewer(scaledBoard)));
          for (const v of crowd) {
            await v.page.getByText(s.scaled.teams[0]!.name).first().waitFor();
            visitors.push(v.context);
          }
        }
        await new Promise((r) => setTimeout(r, Math.max(0, CHANGE_EVERY_MS - (Date.now() - published))));
      }
      await screenshot(viewers[0]!.page, 'caching-proxy-1440-division');
      const sorted = shownAfter.filter((ms) => ms >= 0).sort((a, b) => a - b);
      console.log(`caching proxy: changes shown after ${sorted[Math.floor(sorted.length / 2)]} ms (median), ${sorted.at(-1)} ms (max)`);
      expect(late).toEqual([]);

      // The proxy's own answers: every change is fetched once from the gateway for all viewers
      // (its URL names it), and the board the changes leave alone stays in the proxy.
      const api = proxy.log().filter((l) => l.uri.startsWith('/api/public/') && !l.uri.endsWith('/stream'));
      // HIT, STALE and UPDATING are answered from the proxy's copy (the last two while it
      // revalidates in the background, as stale-while-revalidate allows).
      const answeredByProxy = new Set(['HIT', 'STALE', 'UPDATING']);
      const ratio = (lines: { cache: string }[]) => lines.filter((l) => answeredByProxy.has(l.cache)).length / Math.max(1, lines.length);
      const rxApi = api.filter((l) => l.uri.includes(`/divisions/${s.rx.id}/`));
      const scaledApi = api.filter((l) => l.uri.includes(`/divisions/${s.scaled.id}/`));
      const summary = { rx: { requests: rxApi.length, hits: ratio(rxApi) }, scaled: { requests: scaledApi.length, hits: ratio(scaledApi) } };
      console.log(`caching proxy: ${JSON.stringify(summary)}`);
      expect(ratio(rxApi)).toBeGreaterThanOrEqual((VIEWERS - 1) / VIEWERS - 0.1);
      expect(ratio(scaledApi)).toBeGreaterThanOrEqual((VIEWERS - 1) / VIEWERS - 0.1);
    } finally {
      for (const v of viewers) await v.context.close();
      for (const c of visitors) await c.close();
    }
  });
});
