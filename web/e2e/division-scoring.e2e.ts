// A division's own scoring: the organiser gives Scaled the rank-sum table in the scoring card,
// previews only Scaled changing, saves, and the Scaled board shows rank-sum points.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { afterConsoleTest, openConsole } from './console';
import { createEvent, login, saveAndPublish } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let eventId: string;
let scaledId: string;

describe('division scoring override', () => {
  beforeAll(async () => {
    stack = await startStack();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, { name: 'Override Open', dateFrom: '2026-09-01', dateTo: '2026-09-01', status: 'PUBLISHED' });
    eventId = event.id;
    const rx = await event.division('Rx', '', [{ name: 'Alpha' }, { name: 'Bravo' }]);
    const scaled = await event.division('Scaled', '', [{ name: 'Delta' }, { name: 'Echo' }]);
    scaledId = scaled.division.id;
    const fran = await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    await saveAndPublish(session, [
      { teamId: rx.teams[0]!.id, workoutId: fran.id, resultValue: 300 },
      { teamId: rx.teams[1]!.id, workoutId: fran.id, resultValue: 400 },
      { teamId: scaled.teams[0]!.id, workoutId: fran.id, resultValue: 300 },
      { teamId: scaled.teams[1]!.id, workoutId: fran.id, resultValue: 400 },
    ]);
    ({ browser, context, page } = await openConsole(stack));
  });

  afterEach(async (ctx) => afterConsoleTest(ctx.task, page, context, 'division-scoring'));

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('gives one division its own table', async () => {
    await page.goto(`/admin/events/${eventId}`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Scoring' }) });
    await card.getByLabel('Scaled: points table').selectOption('ranksum');
    await card.getByRole('button', { name: 'Preview standings' }).click();
    await card.getByLabel('Scoring preview').getByText('2 results change place or points').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'division-scoring-01-preview-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByLabel('Scaled: points table').scrollIntoViewIfNeeded();
    await screenshot(page, 'division-scoring-02-card-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await card.getByRole('button', { name: 'Save scoring' }).click();
    await card.getByText('Scoring saved; every result was rescored.').waitFor();
    expect(await card.getByLabel('Scaled: points table').inputValue()).toBe('ranksum');
    expect(await card.getByLabel('Rx: points table').inputValue()).toBe('');

    await page.goto(`/public/events/${eventId}/divisions/${scaledId}/leaderboard`);
    await page.getByText('Delta').first().waitFor();
    const rows = (await page.locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(rows[0]).toMatch(/Delta .*1 pts/);
    expect(rows[1]).toMatch(/Echo .*2 pts/);
  });
});
