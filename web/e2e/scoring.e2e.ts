// The scoring card: an organiser doubles a workout's weight and switches to tie stand, sees the
// standings change in the preview before saving, keeps the typed settings through a failed save,
// saves, and finds the grid rescored and the public board marking the weighted workout.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, takeBrowserProblems } from './browser';
import { afterConsoleTest, openConsole } from './console';
import { createEvent, login, saveAndPublish } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let eventId: string;
let divisionId: string;

describe('scoring card', () => {
  beforeAll(async () => {
    stack = await startStack();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, { name: 'Rulebook Open', dateFrom: '2026-09-01', dateTo: '2026-09-01', status: 'PUBLISHED' });
    eventId = event.id;
    const { division, teams } = await event.division('Elite', '', [{ name: 'Alpha' }, { name: 'Bravo' }, { name: 'Charlie' }]);
    divisionId = division.id;
    const fran = await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    const cindy = await event.workout({ name: 'Cindy', scoreType: 'REPS', workoutOrder: 2 });
    const [alpha, bravo, charlie] = teams.map((t) => t.id);
    await saveAndPublish(session, [
      { teamId: alpha, workoutId: fran.id, resultValue: 300 },
      { teamId: bravo, workoutId: fran.id, resultValue: 400 },
      { teamId: charlie, workoutId: fran.id, resultValue: 400 },
      { teamId: alpha, workoutId: cindy.id, resultValue: 20 },
      { teamId: bravo, workoutId: cindy.id, status: 'dq' },
      { teamId: charlie, workoutId: cindy.id, resultValue: 30 },
    ]);
    ({ browser, context, page } = await openConsole(stack));
  });

  afterEach(async (ctx) => afterConsoleTest(ctx.task, page, context, 'scoring'));

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('previews, survives a failed save, saves and rescores', async () => {
    await page.goto(`/admin/events/${eventId}`);
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Scoring' }) });
    await card.getByLabel('Fran').fill('2');
    await card.getByLabel('Ties in a workout').selectOption('tie_stand');
    await card.getByRole('button', { name: 'Preview standings' }).click();
    const preview = card.getByLabel('Scoring preview');
    await preview.getByText('3 results change place or points').waitFor();
    // Now: Alpha 195 (100 + 95), Charlie 195 (95 + 100), Bravo 95 (DQ in Cindy). With Fran ×2:
    // Alpha 295, Charlie 290, Bravo 190.
    const rows = await preview.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      'Alpha #1 · 195 #1 · 295 (changed)',
      'Charlie #1 · 195 #2 · 290 (changed)',
      'Bravo #3 · 95 #3 · 190 (changed)',
    ]);
    await screenshot(page, 'scoring-01-preview-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'scoring-02-preview-phone');
    await page.setViewportSize({ width: 1400, height: 900 });

    // Offline: the save fails with a message, the typed settings stay.
    await context.setOffline(true);
    await card.getByRole('button', { name: 'Save scoring' }).click();
    await card.getByRole('alert').filter({ hasText: 'Saving the scoring failed' }).waitFor();
    expect(await card.getByLabel('Fran').inputValue()).toBe('2');
    await context.setOffline(false);
    const problems = takeBrowserProblems(); // the offline save is this test's doing
    expect(problems.every((p) => p.text.includes('ERR_INTERNET_DISCONNECTED')), JSON.stringify(problems)).toBe(true);

    await card.getByRole('button', { name: 'Save scoring' }).click();
    await card.getByText('Scoring saved; every result was rescored.').waitFor();
    expect(await card.getByLabel('Fran').inputValue()).toBe('2');
    expect(await card.getByLabel('Ties in a workout').inputValue()).toBe('tie_stand');

    // The public board marks the weight and ranks by the new points.
    await page.goto(`/public/events/${eventId}/divisions/${divisionId}/leaderboard`);
    await page.getByRole('columnheader', { name: /Fran\s*×2/ }).waitFor();
    const totals = await page.locator('tbody tr').allInnerTexts();
    expect(totals[0]).toContain('Alpha');
    expect(totals[0]).toContain('295');
    expect(totals.some((t) => t.includes('Bravo') && t.includes('DQ'))).toBe(true);
    await screenshot(page, 'scoring-03-board-desktop');
  });
});
