// Scaled and penalties: an organiser marks a result Scaled and gives another a penalty with its
// reason from the result grid's Marks panel; the grid reorders and shows the marks, a refused
// penalty names its field, and the public boards mark both.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { afterConsoleTest, openConsole } from './console';
import { createEvent, login, saveAndPublish } from './events';
import { gridCell } from './grid';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let eventId: string;
let divisionId: string;
let franId: string;

const MARKS_COL = 8;
const RANK_COL = 5;

describe('result marks', () => {
  beforeAll(async () => {
    stack = await startStack();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, { name: 'Marks Open', dateFrom: '2026-09-01', dateTo: '2026-09-01', status: 'PUBLISHED' });
    eventId = event.id;
    const { division, teams } = await event.division('Elite', '', [{ name: 'Alpha' }, { name: 'Bravo' }, { name: 'Charlie' }]);
    divisionId = division.id;
    const fran = await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    franId = fran.id;
    const [alpha, bravo, charlie] = teams.map((t) => t.id);
    await saveAndPublish(session, [
      { teamId: alpha, workoutId: fran.id, resultValue: 300 },
      { teamId: bravo, workoutId: fran.id, resultValue: 400 },
      { teamId: charlie, workoutId: fran.id, resultValue: 350 },
    ]);
    ({ browser, context, page } = await openConsole(stack));
  });

  afterEach(async (ctx) => afterConsoleTest(ctx.task, page, context, 'marks'));

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('marks Scaled and a penalty in the grid, and the boards show them', async () => {
    await page.goto(`/admin/events/${eventId}/results/entry?workout=${franId}&division=${divisionId}`);
    const marks = async (row: number) => (await gridCell(page, row, MARKS_COL).innerText()).trim();
    await gridCell(page, 0, 7).getByRole('button', { name: 'Marks' }).waitFor();

    // Alpha (row 0, fastest) done Scaled: below Bravo and Charlie.
    await gridCell(page, 0, 7).getByRole('button', { name: 'Marks' }).click();
    const panel = page.getByRole('complementary', { name: 'Result marks' });
    await panel.getByLabel(/Scaled/).check();
    await panel.getByRole('button', { name: 'Save marks' }).click();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => marks(0)).toBe('Scaled');
    await expect.poll(async () => (await gridCell(page, 0, RANK_COL).innerText()).trim()).toBe('3');

    // Charlie (row 2): a time penalty; first an amount out of range, refused by its field.
    await gridCell(page, 2, 7).getByRole('button', { name: 'Marks' }).click();
    await panel.getByLabel('Penalty').selectOption('time');
    await panel.getByLabel(/Time added/).fill('25:00:00');
    await panel.getByLabel(/Reason/).fill('no-rep on the thrusters');
    await panel.getByRole('button', { name: 'Save marks' }).click();
    await panel.getByRole('alert').filter({ hasText: 'time added must be at most 24 hours' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'marks-01-refused-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await panel.getByLabel(/Time added/).fill('1:00');
    await panel.getByRole('button', { name: 'Save marks' }).click();
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => marks(2)).toBe('⚑ +1:00: no-rep on the thrusters');
    // 5:50 + 1:00 = 6:50: behind Bravo's 6:40.
    await expect.poll(async () => (await gridCell(page, 2, RANK_COL).innerText()).trim()).toBe('2');

    // The changes of published results are pending: publish them, then the boards mark them.
    await page.getByRole('button', { name: /Publish All/ }).click();
    await expect.poll(async () => (await gridCell(page, 2, 6).innerText()).trim()).toBe('✅ Public');
    await screenshot(page, 'marks-02-grid-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'marks-03-grid-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/public/events/${eventId}/divisions/${divisionId}/workouts/${franId}/leaderboard`);
    await page.getByText('Penalty +1:00: no-rep on the thrusters').waitFor();
    const rows = await page.locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringMatching(/^🥇 1 Bravo 6:40/),
      expect.stringMatching(/^🥈 2 Charlie 5:50 .*Penalty \+1:00: no-rep on the thrusters/),
      expect.stringMatching(/^🥉 3 Alpha 5:00 .*Scaled/),
    ]);
    await screenshot(page, 'marks-04-workout-board-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('Charlie').first().click();
    await page.getByText('Penalty +1:00: no-rep on the thrusters').waitFor();
    await screenshot(page, 'marks-05-workout-board-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/public/events/${eventId}/divisions/${divisionId}/leaderboard`);
    await page.getByRole('img', { name: 'Penalty +1:00: no-rep on the thrusters' }).waitFor();
    await screenshot(page, 'marks-06-division-board-desktop');
  });

  it('on a phone the grid fits the screen: the Marks button and the marks are on it', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/events/${eventId}/results/entry?workout=${franId}&division=${divisionId}`);
    const grid = page.locator('.ht_master');
    const charlie = grid.locator('tr', { hasText: 'Charlie' });
    const marksButton = charlie.getByRole('button', { name: 'Marks' });
    await marksButton.waitFor();
    // The grid draws the phone's layout once it has measured the screen: each box is asked for
    // until it is drawn, then must lie within the 390 px.
    const inView = async (what: string, target: Locator) => {
      await expect
        .poll(async () => {
          const box = await target.boundingBox();
          return box === null ? 'not drawn' : box.x >= 0 && box.x + box.width <= 390 ? 'in view' : `at x ${box.x}, ${box.width} px wide`;
        }, { message: what, timeout: 5_000 })
        .toBe('in view');
    };
    await inView('the Marks button', marksButton);
    await inView('the marks', charlie.getByText('⚑ +1:00: no-rep on the thrusters'));
    await inView('the Published cell', charlie.getByText('✅ Public'));
    // Nothing to scroll sideways: neither the page nor the grid.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await grid.locator('.wtHolder').first().evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'marks-07-grid-phone-fits');

    // The phone's Marks button opens the same panel.
    await marksButton.click();
    const panel = page.getByRole('complementary', { name: 'Result marks' });
    await panel.getByLabel(/Reason/).waitFor();
    await screenshot(page, 'marks-08-panel-phone');
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await gridCell(page, 0, MARKS_COL).waitFor();
    await screenshot(page, 'marks-09-grid-desktop');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
