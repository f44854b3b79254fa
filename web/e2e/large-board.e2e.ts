// The spectator's phone at the limit: a division of 100 teams × 8 workouts at 390 px renders one
// layout (cards), a few screens of them, and stays within the budget of 3,000 DOM
// elements and 150 kB transferred (compressed assets, see gateway/static.go).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { seedLargeBoard, type LargeBoard } from './large-board-seed';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let board: LargeBoard;

beforeAll(async () => {
  stack = await startStack();
  board = await seedLargeBoard(stack.baseUrl, stack.username, stack.password);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const domElements = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);
const teamLinks = (page: Page) => page.evaluate(() => document.querySelectorAll('a[href^="/public/teams/"]').length);
/** Bytes on the wire for the page so far: the document and every resource (compressed sizes). */
const transferred = (page: Page) =>
  page.evaluate(() =>
    (performance.getEntriesByType('navigation') as PerformanceResourceTiming[])
      .concat(performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .reduce((sum, entry) => sum + entry.transferSize, 0),
  );

it('keeps the 100-team division leaderboard light at phone width', async () => {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  try {
    await page.goto(`/public/events/${board.eventId}/divisions/${board.divisionId}/leaderboard`);
    await page.getByText('Showing 10 of 100').waitFor();
    await page.waitForLoadState('networkidle');
    const elements = await domElements(page);
    const bytes = await transferred(page);
    console.log(`division leaderboard, 100 teams × 8 workouts at 390 px: ${elements} DOM elements, ${(bytes / 1024).toFixed(1)} kB transferred`);
    expect(await page.locator('table').count()).toBe(0);
    expect(await teamLinks(page)).toBe(10);
    expect(elements).toBeLessThanOrEqual(3000);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThanOrEqual(150 * 1024);
    await screenshot(page, 'large-board-390-division');

    // Scrolling down reads on: the next teams come in as the end of the list nears.
    await page.getByRole('button', { name: 'Show 10 more teams' }).scrollIntoViewIfNeeded();
    await page.getByText(/Showing [2-9]0 of 100/).waitFor();
    expect(await teamLinks(page)).toBeGreaterThanOrEqual(20);
  } finally {
    await context.close();
  }
});

it('keeps the 100-team workout leaderboard light at phone width and shows the table on a desktop', async () => {
  const path = `/public/events/${board.eventId}/divisions/${board.divisionId}/workouts/${board.workoutIds[0]}/leaderboard`;
  const phone = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const desktop = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    const page = await phone.newPage();
    await page.goto(path);
    await page.getByText('Showing 25 of 100').waitFor();
    const elements = await domElements(page);
    console.log(`workout leaderboard, 100 teams at 390 px: ${elements} DOM elements`);
    expect(await page.locator('table').count()).toBe(0);
    expect(await teamLinks(page)).toBe(25);
    expect(elements).toBeLessThanOrEqual(3000);

    const wide = await desktop.newPage();
    await wide.goto(path);
    await wide.getByText(/Showing \d+ of 100/).waitFor();
    expect(await wide.locator('table').count()).toBe(1);
    expect(await wide.locator('ol a[href^="/public/teams/"]').count()).toBe(0);
    await screenshot(wide, 'large-board-1440-workout');
  } finally {
    await phone.close();
    await desktop.close();
  }
});
