// What the console says on competition day: a save that changed nothing says so, publishing on a
// Draft event says the public sees nothing yet, Recalculate All Scores says when it finished, and
// the results matrix leads to each workout's heats.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { afterConsoleTest, openConsole } from './console';
import { createEvent, login, saveResults } from './events';
import { typeInCell } from './grid';
import { startStack, type Stack } from './stack';

// The console's words (features/results/rules/publication.ts DRAFT_EVENT_NOTICE).
const DRAFT_NOTICE = 'This event is still a Draft: results you publish stay hidden from the public until the event itself is published (Event status).';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let eventId = '';
let divisionId = '';
let workoutId = '';

const entryPath = () => `/admin/events/${eventId}/results/entry?workout=${workoutId}&division=${divisionId}`;

describe('console words', () => {
  beforeAll(async () => {
    stack = await startStack();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, { name: 'Words Open', dateFrom: '2026-08-01', dateTo: '2026-08-01', status: 'DRAFT' });
    eventId = event.id;
    const { division, teams } = await event.division('Elite', '', [{ name: 'Alpha' }, { name: 'Bravo' }]);
    divisionId = division.id;
    workoutId = (await event.workout({ name: 'Grace', scoreType: 'TIME', timeCapSeconds: 900, workoutOrder: 1 })).id;
    await saveResults(session, [{ teamId: teams[0]!.id, workoutId, status: 'capped', cappedReps: 25 }]);
    ({ browser, context, page } = await openConsole(stack));
  });

  afterEach((ctx) => afterConsoleTest(ctx.task, page, context, 'words'));

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('a save of the value already stored says nothing changed; a new value says Saved', async () => {
    await page.goto(entryPath());
    await page.locator('.ht_clone_top .colHeader', { hasText: 'Result (MM:SS)' }).waitFor();
    await typeInCell(page, 0, 3, 'CAP+25'); // stored as "CAP +25"
    await page.getByText('1 unsaved change(s)').waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Nothing changed: Alpha already has this result.' }).waitFor();
    expect(await page.getByText(/Saved 1 result/).count()).toBe(0);
    await screenshot(page, 'words-01-nothing-changed');

    await typeInCell(page, 0, 3, 'CAP+26');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved 1 result: Alpha').waitFor();
    expect(await page.getByText(/Nothing changed/).count()).toBe(0);
  });

  it('publishing on a Draft event says the public still sees nothing, on the grid and the matrix', async () => {
    await page.goto(entryPath());
    await page.getByRole('note').filter({ hasText: DRAFT_NOTICE }).waitFor();
    await page.getByRole('button', { name: 'Publish All (1)' }).click();
    await page.getByRole('button', { name: 'Unpublish All (1)' }).waitFor();
    await page.getByRole('note').filter({ hasText: DRAFT_NOTICE }).waitFor();
    await screenshot(page, 'words-02-draft-notice-entry');

    await page.goto(`/admin/events/${eventId}`);
    await page.getByRole('note').filter({ hasText: DRAFT_NOTICE }).waitFor();
    await screenshot(page, 'words-03-draft-notice-matrix');
  });

  it('Recalculate All Scores says when it finished', async () => {
    await page.goto(`/admin/events/${eventId}`);
    await page.getByRole('button', { name: 'Recalculate All Scores' }).click();
    const done = page.getByRole('status').filter({ hasText: /^All scores recalculated at \d{2}:\d{2}\.$/ });
    await done.waitFor();
    await page.getByRole('button', { name: 'Recalculate All Scores' }).waitFor(); // enabled again, not "Recalculating…"
  });

  it("the results matrix links each workout's heats", async () => {
    await page.goto(`/admin/events/${eventId}`);
    await page.getByRole('link', { name: 'Heats of Grace' }).click();
    await page.waitForURL(`**/admin/events/${eventId}/workouts/${workoutId}/heats`);
    await page.getByRole('heading', { name: 'Heats: Grace' }).waitFor();
  });
});
