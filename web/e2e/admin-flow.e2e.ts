// The admin flow through the UI only, against the real stack (see stack.ts).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { followLink } from './console';
import { gridCell, typeInCell } from './grid';
import { startStack, type Stack } from './stack';

const TEAM_COUNT = 12;
const EVENT_NAME = 'E2E Summer Throwdown';
const DIVISION_NAME = 'Mixed Elite';
const TIME_WORKOUT = 'Chipper 12';
const REPS_WORKOUT = 'Burpee Ladder';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function signIn(p: Page): Promise<void> {
  await p.getByLabel('Username').fill(stack.username);
  await p.getByLabel('Password').fill(stack.password);
  await p.getByRole('button', { name: 'Sign in' }).click();
}

describe('admin flow', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await screenshot(page, `failure-${ctx.task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('signs in, keeps the session over a reload and signs out', async () => {
    await page.goto('/admin/events');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter both username and password').isVisible()).resolves.toBe(true);
    await screenshot(page, '01-login-validation');

    await signIn(page);
    await page.waitForURL('**/admin/events');
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    await screenshot(page, '02-events-empty');

    await page.reload();
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/events');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('podium.token'))).toBeNull();

    await signIn(page);
    await page.waitForURL('**/admin/events');
  });

  it('creates an event, a division and twelve teams in the grid', async () => {
    await page.getByRole('link', { name: 'Create Event' }).first().click();
    await page.getByLabel('Event Name').fill(EVENT_NAME);
    await page.getByLabel('Start Date').fill('2026-06-13');
    await page.getByLabel('End Date').fill('2026-06-14');
    await page.getByLabel('Location').fill('Berlin');
    await screenshot(page, '03-event-create');
    await page.getByRole('button', { name: 'Create Event' }).click();
    await page.waitForURL(/\/admin\/events\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: EVENT_NAME }).waitFor();

    await page.getByRole('link', { name: 'Manage' }).nth(1).click();
    await page.waitForURL('**/divisions');
    await page.getByRole('link', { name: 'Create Division' }).first().click();
    await page.getByLabel('Division Name').fill(DIVISION_NAME);
    await page.getByRole('button', { name: 'Create Division' }).click();
    await page.waitForURL(/\/divisions$/);
    await page.getByRole('link', { name: DIVISION_NAME }).waitFor();
    await screenshot(page, '04-divisions');

    await page.getByRole('link', { name: 'Teams', exact: true }).first().click();
    await page.getByRole('link', { name: 'Open Grid Editor' }).first().click();
    await page.waitForURL('**/teams/grid');
    await page.locator('.ht_master table.htCore').waitFor();
    await page.getByRole('button', { name: 'Add 10 Rows' }).click();
    for (let i = 0; i < TEAM_COUNT; i += 1) {
      const n = String(i + 1).padStart(2, '0');
      await typeInCell(page, i, 0, `Team ${n}`);
      await typeInCell(page, i, 1, `Athlete ${n}A`);
      if (i % 4 !== 3) await typeInCell(page, i, 2, `Athlete ${n}B`);
    }
    await page.getByText('Unsaved changes').waitFor();
    await screenshot(page, '05-team-grid-filled');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(new RegExp(`^Saved ${TEAM_COUNT} teams: `)).waitFor();
    await screenshot(page, '06-team-grid-saved');
  });

  it('creates a TIME workout with a cap and a REPS workout', async () => {
    await page.getByRole('link', { name: /^Event: / }).click();
    await page.getByRole('link', { name: 'Manage' }).first().click();
    await page.waitForURL('**/workouts');

    await page.getByRole('link', { name: 'Create Workout' }).first().click();
    await page.getByLabel('Workout Name').fill(TIME_WORKOUT);
    await page.getByLabel('Description').fill('## For time\n\n- 50 wall balls\n- 40 **box jumps**\n\n<script>alert(1)</script>');
    await page.getByLabel('Score Type').selectOption('TIME');
    await page.getByLabel('Time Cap', { exact: true }).fill('12:0');
    await page.getByLabel('Workout Order').fill('1');
    await page.getByLabel('Time Cap', { exact: true }).blur();
    expect(await page.getByLabel('Time Cap', { exact: true }).inputValue()).toBe('12:00');
    await screenshot(page, '07-workout-create');
    await page.getByRole('button', { name: 'Create Workout' }).click();
    await page.waitForURL(/\/workouts$/);

    await page.getByRole('link', { name: 'Create Workout' }).first().click();
    await page.getByLabel('Workout Name').fill(REPS_WORKOUT);
    await page.getByLabel('Score Type').selectOption('REPS');
    await page.getByRole('button', { name: 'Create Workout' }).click();
    await page.waitForURL(/\/workouts$/);
    await page.getByRole('link', { name: REPS_WORKOUT }).first().waitFor();
    await screenshot(page, '08-workouts-list');
  });

  it('enters results with an invalid value, a capped result and a DNF, saves with Ctrl+S and publishes', async () => {
    await page.getByRole('link', { name: /^Event: / }).click();
    await page.getByText('Results Entry Matrix').waitFor();
    await screenshot(page, '09-event-detail-before');
    await followLink(page, page.getByRole('link', { name: 'Enter' }).first(), '**/results/entry?**');
    await page.locator('.ht_clone_top .colHeader', { hasText: 'Result (MM:SS)' }).waitFor();

    const values = ['5:75', 'CAP+15', 'DNF', ...Array.from({ length: TEAM_COUNT - 3 }, (_, i) => `${3 + i}:${String(i * 5).padStart(2, '0')}`)];
    for (const [row, value] of values.entries()) await typeInCell(page, row, 3, value);

    await page.getByText('Invalid time for team "Team 01": Seconds must be less than 60').waitFor();
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, '10-result-entry-invalid');

    await typeInCell(page, 0, 3, '5:15');
    await page.getByText(`${TEAM_COUNT} unsaved change(s)`).waitFor();
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText('No unsaved changes').waitFor();
    await page.getByRole('button', { name: `Publish All (${TEAM_COUNT})` }).waitFor();
    // Saved cells show the server's text (resultText), which reads back as the same result.
    expect(await Promise.all([0, 1, 2].map(async (row) => (await gridCell(page, row, 3).innerText()).trim()))).toEqual(['5:15', 'CAP +15', 'DNF']);
    await screenshot(page, '11-result-entry-saved');

    await page.getByRole('button', { name: `Publish All (${TEAM_COUNT})` }).click();
    await page.getByRole('button', { name: `Unpublish All (${TEAM_COUNT})` }).waitFor();
    await page.getByText('✅ Public').first().waitFor();
    await screenshot(page, '12-result-entry-published');
  });

  it('shows the matrix cell green and opens the division leaderboard preview', async () => {
    await page.getByRole('link', { name: /^Event: / }).click();
    await page.getByText('Results Entry Matrix').waitFor();
    const greenCell = page.locator('td[data-complete="true"]');
    await greenCell.first().waitFor();
    expect(await greenCell.count()).toBe(1);
    await screenshot(page, '13-event-detail-matrix');

    // A DRAFT event is never public; set it running with the status buttons before the preview.
    await page.getByRole('button', { name: 'Running' }).click();
    await page.getByRole('button', { name: 'Running', pressed: true }).waitFor();

    const [leaderboard] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /Leaderboard/ }).first().click()]);
    await leaderboard.waitForLoadState();
    expect(leaderboard.url()).toMatch(/\/public\/events\/[0-9a-f-]{36}\/divisions\/[0-9a-f-]{36}\/leaderboard\?includeUnpublished=1$/);
    // The server answered the admin's preview: the note shows, and stays on a workout and back.
    const note = leaderboard.getByText('Admin preview: Showing unpublished results');
    await note.waitFor();
    // The screenshot shows the whole board: wait for its last team, not a guessed time.
    await leaderboard.getByText(`Team ${TEAM_COUNT}`, { exact: true }).first().waitFor();
    await screenshot(leaderboard, '14-division-leaderboard');
    await leaderboard.getByRole('combobox', { name: /^View/ }).selectOption({ label: `Workout • ${TIME_WORKOUT}` });
    await leaderboard.waitForURL(/\/workouts\/[0-9a-f-]{36}\/leaderboard\?includeUnpublished=1$/);
    await note.waitFor();
    await leaderboard.getByRole('combobox', { name: /^View/ }).selectOption({ label: 'Division Leaderboard (Overall)' });
    await leaderboard.waitForURL(/\/divisions\/[0-9a-f-]{36}\/leaderboard\?includeUnpublished=1$/);
    await note.waitFor();
    await leaderboard.close();
  });

  it('protects data with results: Has Results on the workout, no team edit, no delete of a running event', async () => {
    await page.getByRole('link', { name: TIME_WORKOUT }).first().click();
    await page.getByRole('link', { name: 'Edit Workout' }).click();
    await page.getByText('Has Results').first().waitFor();
    expect(await page.getByRole('button', { name: 'Delete Workout' }).count()).toBe(0);
    await screenshot(page, '15-workout-edit-has-results');

    await page.getByRole('link', { name: /^Event: / }).first().click();
    await page.getByRole('link', { name: 'Team 01' }).click();
    await page.getByText('Editing Restricted').waitFor();
    expect(await page.getByRole('link', { name: 'Edit Team' }).count()).toBe(0);
    await screenshot(page, '16-team-editing-restricted');

    await page.getByRole('link', { name: /^Event: / }).first().click();
    await page.getByRole('link', { name: 'Edit Event' }).click();
    await page.getByText('Events can be deleted only in Draft status.').waitFor();
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByRole('button', { name: 'Delete Event' }).click();
    await expect.poll(() => alerts.length).toBe(2);
    expect(alerts[1]).toBe('This event cannot be deleted because it is not in Draft status. Only Draft events can be deleted.');
  });
});
