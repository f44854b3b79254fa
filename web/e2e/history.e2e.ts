// Disputed scores: the organiser opens a row's history after two edits, and the event's activity.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { api, createEvent, login } from './events';
import { gridCell } from './grid';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let eventId: string;
let divisionId: string;
let workoutId: string;

async function typeInCell(p: Page, row: number, col: number, text: string): Promise<void> {
  const cell = p.locator('.ht_master table.htCore tbody tr').nth(row).locator('td').nth(col);
  await cell.dblclick();
  await p.keyboard.press('ControlOrMeta+a');
  await p.keyboard.type(text);
  await p.keyboard.press('Enter');
}

describe('result history', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    const event = await createEvent(await login(stack.baseUrl, stack.username, stack.password), { name: 'History Open', dateFrom: '2026-09-01', dateTo: '2026-09-01' });
    eventId = event.id;
    divisionId = (await event.division('Elite', '', [{ name: 'Alpha' }, { name: 'Bravo' }])).division.id;
    workoutId = (await event.workout({ name: 'Grace', scoreType: 'TIME', timeCapSeconds: 900, workoutOrder: 1 })).id;

    await page.goto('/login');
    await page.getByLabel('Username').fill(stack.username);
    await page.getByLabel('Password').fill(stack.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/events');
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `failure-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it("opens a row's history after two edits", async () => {
    await page.goto(`/admin/events/${eventId}/results/entry?workout=${workoutId}&division=${divisionId}`);
    await page.locator('.ht_clone_top .colHeader', { hasText: 'Result (MM:SS)' }).waitFor();
    await typeInCell(page, 0, 3, '8:42');
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('No unsaved changes').waitFor();
    await typeInCell(page, 0, 3, '7:42');
    await page.getByText('1 unsaved change(s)').waitFor();
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('No unsaved changes').waitFor();

    await page.locator('.ht_master table.htCore tbody tr').first().getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('complementary', { name: 'Result history' });
    await panel.getByText('Changed').waitFor();
    const text = await panel.innerText();
    expect(text).toContain('Alpha · Grace');
    expect(text).toContain('Entered');
    expect(text).toContain('8:42 · #1 · 100 pts · draft → 7:42 · #1 · 100 pts · draft'); // the server's text, as the grid shows it
    expect((await gridCell(page, 0, 3).innerText()).trim()).toBe('7:42');
    expect(text).toContain(`by ${stack.username}`);
    await screenshot(page, 'history-01-panel');
    await panel.getByRole('button', { name: 'Close' }).click();
  });

  it("shows the event's activity, filtered by what changed", async () => {
    await page.goto(`/admin/events/${eventId}`);
    await page.getByRole('link', { name: 'Activity' }).click();
    await page.waitForURL('**/activity');
    const feed = page.getByRole('list', { name: 'Activity' });
    await feed.getByText('Result Alpha · Grace: 8:42 → 7:42').waitFor();
    await feed.getByText('Workout Grace created (Zeit, cap 15:00, order 1)').waitFor();
    await page.getByLabel('What').selectOption('result');
    await expect(feed.getByText('Workout Grace created').count()).resolves.toBe(0);
    await screenshot(page, 'history-02-activity');
  });

  it('pages the activity back to the event\'s creation, access changes included, every kind in "What"', async () => {
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, { name: 'Long Open', dateFrom: '2026-09-01', dateTo: '2026-09-01' });
    const division = (await event.division('Elite')).division;
    const workout = await event.workout({ name: 'Grace', scoreType: 'TIME', timeCapSeconds: 900, workoutOrder: 1 });
    const user = await api<{ id: string }>(stack.baseUrl, session.token, 'POST', '/users', { username: 'feed_scorer', password: 'feed-scorer-passphrase', role: 'scorer' });
    await api(stack.baseUrl, session.token, 'PUT', `/events/${event.id}/access/${user.id}`, { role: 'scorer' });
    await api(stack.baseUrl, session.token, 'DELETE', `/events/${event.id}/access/${user.id}`);
    // 255 entries: a team, then its result, so the two sources take turns to the last page.
    for (let i = 0; i < 125; i++) {
      const [team] = await event.addTeams(division.id, [{ name: `Team ${String(i).padStart(3, '0')}` }]);
      await api(stack.baseUrl, session.token, 'POST', '/results', { teamId: team!.id, workoutId: workout.id, status: 'completed', resultValue: 300 + i });
    }

    await page.goto(`/admin/events/${event.id}/activity`);
    const feed = page.getByRole('list', { name: 'Activity' });
    await feed.getByText('Result Team 124 · Grace: entered 7:04').waitFor();
    const older = page.getByRole('button', { name: 'Load older' });
    for (let pages = 1; await older.isVisible(); pages++) {
      expect(pages).toBeLessThan(10);
      const shown = await feed.locator('li').count();
      await older.click();
      await page.waitForFunction((n) => document.querySelectorAll('ol[aria-label="Activity"] li').length > n, shown);
    }
    await feed.getByText('Event Long Open created').waitFor();
    await expect(feed.locator('li').count()).resolves.toBe(255);
    // One date style with a 24-hour clock: "25 Nov 2026, 07:34".
    expect(await feed.locator('time').first().innerText()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);

    const what = page.getByLabel('What');
    await expect(what.locator('option').allInnerTexts()).resolves.toEqual(['Everything', 'Event', 'Divisions', 'Teams', 'Workouts', 'Heats', 'Registrations', 'Invitations', 'Volunteers', 'Crew swaps', 'Results', 'Access']);
    await what.selectOption('grant');
    await feed.getByText('Access of feed_scorer removed (was scorer)').waitFor();
    await feed.getByText('Access granted to feed_scorer as scorer').waitFor();
    await screenshot(page, 'history-03-activity-access');
    await what.selectOption('team');
    await expect(feed.locator('li').count()).resolves.toBe(125);
  });
});

