// The leaderboard's JSON is fetched beside the app's script on a first load (gateway/boardpreload.go):
// a division or workout board's HTML names the board's API address under the event's latest change
// as a preload, and the app's own request is answered by that preload, so the server sees one
// request for the board, not two, and a reload after a publication never gets the older copy.
// A counting HTTP proxy in front of the stack counts what reaches the server.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { saveAndPublish } from './events';
import { seed, type Seeded } from './public-seed';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let s: Seeded;
let proxy: Server;
let proxyUrl: string;
/** Every path and query the proxy passed on, in order. */
const seen: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  s = await seed(stack.baseUrl, stack.username, stack.password);
  browser = await launchBrowser();
  const target = new URL(stack.baseUrl);
  proxy = createServer((req, res) => {
    seen.push(req.url ?? '');
    const upstream = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  proxy?.closeAllConnections();
  proxy?.close();
  await browser?.close();
  await stack?.stop();
});

async function openBoard(path: string, title: string): Promise<{ boardRequests: string[]; warnings: string[] }> {
  const context = await browser.newContext({ baseURL: proxyUrl, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const warnings: string[] = [];
  page.on('console', (m) => void (m.type() === 'warning' && warnings.push(m.text())));
  seen.length = 0;
  await page.goto(path);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: title }).isVisible()).toBe(true);
  // Chrome warns about a preload left unused a few seconds after the load event.
  await page.waitForTimeout(3_500);
  await context.close();
  return { boardRequests: seen.filter((u) => u.startsWith(`/api${path}`)), warnings };
}

/** The preload a board's served HTML names, and the change number in it. */
async function preloadOf(path: string): Promise<{ href: string; change: number }> {
  const html = await (await fetch(`${stack.baseUrl}${path}`)).text();
  const tag = html.match(/<link rel="preload" as="fetch" crossorigin href="([^"]+)" \/>/);
  expect(tag, html).not.toBeNull();
  const href = tag![1]!;
  expect(href.startsWith(`/api${path}?change=`), href).toBe(true);
  expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<script'));
  return { href, change: Number(href.slice(href.indexOf('=') + 1)) };
}

it("fetches a division board once, by the preload its HTML names under the event's latest change", async () => {
  const path = `/public/events/${s.eventId}/divisions/${s.rx.id}/leaderboard`;
  const { href, change } = await preloadOf(path);
  expect(change).toBeGreaterThan(0);
  const { boardRequests, warnings } = await openBoard(path, 'RX Pairs');
  expect(boardRequests).toEqual([href]);
  expect(warnings.filter((w) => w.includes('preload'))).toEqual([]);
});

it('fetches a workout board once, by the preload its HTML names', async () => {
  const path = `/public/events/${s.eventId}/divisions/${s.rx.id}/workouts/${s.workouts.time}/leaderboard`;
  const { href } = await preloadOf(path);
  const { boardRequests, warnings } = await openBoard(path, 'Fran Pairs');
  expect(boardRequests).toEqual([href]);
  expect(warnings.filter((w) => w.includes('preload'))).toEqual([]);
});

it('answers a reload right after a publication with the new board, never the copy the browser kept', async () => {
  const path = `/public/events/${s.eventId}/divisions/${s.rx.id}/workouts/${s.workouts.weight}/leaderboard`;
  const context = await browser.newContext({ baseURL: proxyUrl, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const firstAnswers: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes(`/api${path}`)) void r.text().then((body) => firstAnswers.push(body), () => undefined);
  });
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: 'Deadlift Ladder' }).waitFor();
  await expect.poll(() => firstAnswers.length).toBeGreaterThan(0);
  expect(firstAnswers[0]).not.toContain('"190');
  const before = await preloadOf(path);

  // Published within the answers' max-age: the browser still holds the board under the old address.
  await saveAndPublish(s.session, [{ teamId: s.lateTeamId, workoutId: s.workouts.weight, status: 'completed', resultValue: 190 }]);
  const after = await preloadOf(path);
  expect(after.change).toBeGreaterThan(before.change);
  firstAnswers.length = 0;
  await page.reload();
  await expect.poll(() => firstAnswers.length).toBeGreaterThan(0);
  // The first answer after the reload, before any live message could ask again, holds the result.
  expect(firstAnswers[0]).toContain('"190');
  await context.close();
});

it('names no preload for an admin preview or another page', async () => {
  const board = `/public/events/${s.eventId}/divisions/${s.rx.id}/leaderboard`;
  for (const path of [`${board}?includeUnpublished=true`, `/public/events/${s.eventId}`, '/login']) {
    const html = await (await fetch(`${stack.baseUrl}${path}`)).text();
    expect(html, path).not.toContain('rel="preload"');
  }
});
