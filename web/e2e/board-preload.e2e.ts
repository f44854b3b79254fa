// The leaderboard's JSON is fetched beside the app's script on a first load (gateway/boardpreload.go):
// a division or workout board's HTML names the board's API address as a preload, and the app's
// own request is answered by that preload, so the server sees one request for the board, not two.
// A counting HTTP proxy in front of the stack counts what reaches the server.
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from './browser';
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

it('fetches a division board once, by the preload its HTML names', async () => {
  const path = `/public/events/${s.eventId}/divisions/${s.rx.id}/leaderboard`;
  const html = await (await fetch(`${stack.baseUrl}${path}`)).text();
  expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="/api${path}" />`);
  expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<script'));

  const { boardRequests, warnings } = await openBoard(path, 'RX Pairs');
  expect(boardRequests).toEqual([`/api${path}`]);
  expect(warnings.filter((w) => w.includes('preload'))).toEqual([]);
});

it('fetches a workout board once, by the preload its HTML names', async () => {
  const path = `/public/events/${s.eventId}/divisions/${s.rx.id}/workouts/${s.workouts.time}/leaderboard`;
  const html = await (await fetch(`${stack.baseUrl}${path}`)).text();
  expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="/api${path}" />`);

  const { boardRequests, warnings } = await openBoard(path, 'Fran Pairs');
  expect(boardRequests).toEqual([`/api${path}`]);
  expect(warnings.filter((w) => w.includes('preload'))).toEqual([]);
});

it('names no preload for an admin preview or another page', async () => {
  const board = `/public/events/${s.eventId}/divisions/${s.rx.id}/leaderboard`;
  for (const path of [`${board}?includeUnpublished=true`, `/public/events/${s.eventId}`, '/login']) {
    const html = await (await fetch(`${stack.baseUrl}${path}`)).text();
    expect(html, path).not.toContain('rel="preload"');
  }
});
