// Disputed scores: the organiser opens a row's history after two edits, and the event's activity.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { createEvent, login } from './events';
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
});
