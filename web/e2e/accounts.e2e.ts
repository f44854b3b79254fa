// Accounts and roles through the console, against the real stack (see stack.ts): an admin creates
// an organiser and a scorer on the Users screen, the organiser grants the scorer from the event
// page, the scorer enters results without ever seeing a publish or setup action, and signing out
// or changing the password ends the old session on the server.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { typeInCell } from './grid';
import type { ResultGrid } from '../src/lib/api/types';
import { api, createEvent, login, type Session } from './events';
import { startStack, type Stack } from './stack';

const ORGANISER = { username: 'org.anna', password: 'anna-runs-the-throwdown' };
const SCORER = { username: 'judge.jo', password: 'jo-counts-every-rep' };
const EVENT_NAME = 'Access Open 2026';
const OTHER_EVENT_NAME = 'Admin Only Classic';
const TEAMS = ['Alpha Pair', 'Bravo Pair', 'Charlie Pair'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let admin: Page;
let organiser: Page;
let scorer: Page;
let eventId = '';
let workoutId = '';
let divisionId = '';
let scorerId = '';

async function openPage(viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport });
  contexts.push(context);
  return context.newPage();
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/events');
  await page.getByRole('heading', { name: 'Events' }).waitFor();
}

/** Both widths of one screen: the phone first, then the desktop the tests continue on. */
async function screenshotBoth(page: Page, name: string): Promise<void> {
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-1440`);
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('podium.token'));

async function status(path: string, bearer: string | null): Promise<number> {
  const response = await fetch(`${stack.baseUrl}/api${path}`, { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} });
  return response.status;
}

/** The organiser's event with one division, three teams and a REPS workout, made through the API
 * with the organiser's own session (the creator holds the organiser grant). */
async function seedEvent(): Promise<void> {
  const event = await createEvent(await login(stack.baseUrl, ORGANISER.username, ORGANISER.password), {
    name: EVENT_NAME,
    dateFrom: '2026-07-04',
    dateTo: '2026-07-05',
    location: 'Manchester',
    description: 'Pairs, two days.',
    detailsVisible: true,
    status: 'IN_PROGRESS',
  });
  const { division } = await event.division('Open Pairs', '', TEAMS.map((name) => ({ name, athlete1Name: 'A', athlete2Name: 'B' })));
  const workout = await event.workout({ name: 'Burpee Ladder', description: '', scoreType: 'REPS', workoutOrder: 1 });
  [eventId, divisionId, workoutId] = [event.id, division.id, workout.id];
}

describe('accounts and roles', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    [admin, organiser, scorer] = await Promise.all([openPage(), openPage(), openPage()]);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const name = ctx.task.name.slice(0, 30).replace(/\W+/g, '-');
    for (const [who, page] of Object.entries({ admin, organiser, scorer })) if (page) await screenshot(page, `failure-${name}-${who}`);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('an admin creates an organiser and a scorer on the Users screen', async () => {
    await signIn(admin, stack.username, stack.password);
    await admin.getByRole('link', { name: 'Users' }).click();
    await admin.getByRole('heading', { name: 'Users' }).waitFor();
    await admin.getByRole('cell', { name: stack.username, exact: true }).waitFor();

    await admin.getByLabel(/^Username/).fill(ORGANISER.username);
    await admin.getByLabel(/^Password/).fill('too-short');
    await admin.getByRole('button', { name: 'Create User' }).click();
    await admin.getByText('Password must be at least 12 characters').waitFor();

    await admin.getByLabel(/^Password/).fill(ORGANISER.password);
    await admin.getByLabel('Role', { exact: true }).selectOption('organiser');
    await admin.getByRole('button', { name: 'Create User' }).click();
    await admin.getByText(`User ${ORGANISER.username} created.`).waitFor();

    await admin.getByLabel(/^Username/).fill(SCORER.username);
    await admin.getByLabel(/^Password/).fill(SCORER.password);
    await admin.getByLabel('Role', { exact: true }).selectOption('scorer');
    await admin.getByRole('button', { name: 'Create User' }).click();
    await admin.getByText(`User ${SCORER.username} created.`).waitFor();

    await admin.getByLabel(/^Username/).fill(SCORER.username);
    await admin.getByLabel(/^Password/).fill(SCORER.password);
    await admin.getByRole('button', { name: 'Create User' }).click();
    await admin.getByRole('alert').filter({ hasText: /taken|exists/i }).waitFor();

    expect(await admin.getByLabel(`Role of ${ORGANISER.username}`).inputValue()).toBe('organiser');
    expect(await admin.getByLabel(`Role of ${SCORER.username}`).inputValue()).toBe('scorer');
    await screenshotBoth(admin, 'accounts-01-users');

    // The last active admin cannot demote themselves: the server's 409 is shown, nothing changes.
    await admin.getByLabel(`Role of ${stack.username}`).selectOption('organiser');
    await admin.getByRole('alert').filter({ hasText: stack.username }).waitFor();
    await expect.poll(() => admin.getByLabel(`Role of ${stack.username}`).inputValue()).toBe('admin');

    // An admin event the organiser and scorer will never see.
    await createEvent({ baseUrl: stack.baseUrl, token: (await token(admin))! } satisfies Session, {
      name: OTHER_EVENT_NAME,
      dateFrom: '2026-08-01',
      dateTo: '2026-08-01',
      location: 'Leeds',
      description: '',
      detailsVisible: true,
    });
  });

  it('an organiser grants a scorer from the event page', async () => {
    await signIn(scorer, SCORER.username, SCORER.password);
    await scorer.getByText('No events found').waitFor();
    expect(await scorer.getByRole('link', { name: 'Create Event' }).count()).toBe(0);
    expect(await scorer.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await scorer.getByRole('link', { name: new RegExp(`^${SCORER.username}`) }).click();
    await scorer.waitForURL('**/admin/account');
    scorerId = (await scorer.getByTestId('my-user-id').textContent())?.trim() ?? '';
    expect(scorerId).toMatch(/^[0-9a-f-]{36}$/);

    await seedEvent();
    await signIn(organiser, ORGANISER.username, ORGANISER.password);
    expect(await organiser.getByRole('link', { name: OTHER_EVENT_NAME }).count()).toBe(0);
    expect(await organiser.getByRole('link', { name: 'Users' }).count()).toBe(0);
    await organiser.getByRole('link', { name: EVENT_NAME }).click();
    const access = organiser.getByRole('list', { name: 'People with access' });
    await access.getByText(ORGANISER.username).waitFor();

    await organiser.getByLabel('User ID').fill(scorerId);
    await organiser.getByLabel('Access', { exact: true }).selectOption('scorer');
    await organiser.getByRole('button', { name: 'Grant' }).click();
    await access.getByText(SCORER.username).waitFor();
    await access.locator('li', { hasText: SCORER.username }).getByText('Scorer').waitFor();
    await organiser.getByRole('heading', { name: 'Access (2)' }).scrollIntoViewIfNeeded();
    await screenshotBoth(organiser, 'accounts-02-event-access');
  });

  it('a scorer signs in and enters results but sees no publish or setup actions', async () => {
    await scorer.getByRole('link', { name: 'Events', exact: true }).first().click();
    await scorer.getByRole('link', { name: EVENT_NAME }).click();
    await scorer.getByText('Results Entry Matrix').waitFor();
    await scorer.getByRole('link', { name: 'Enter' }).waitFor();
    await screenshotBoth(scorer, 'accounts-03-scorer-event');
    for (const name of ['Edit Event', 'Manage', 'Add teams', 'Create Event']) expect(await scorer.getByRole('link', { name }).count(), name).toBe(0);
    for (const name of ['Recalculate All Scores', 'Publish', 'Unpublish', 'Grant', 'Export event']) expect(await scorer.getByRole('button', { name }).count(), name).toBe(0);
    expect(await scorer.getByRole('group', { name: 'Event status' }).count()).toBe(0);
    expect(await scorer.getByRole('heading', { name: /^Access \(/ }).count()).toBe(0);
    expect(await scorer.getByRole('link', { name: OTHER_EVENT_NAME }).count()).toBe(0);
    await scorer.getByText('Quick Actions').click();
    await scorer.getByRole('link', { name: 'All Events' }).waitFor();
    for (const name of ['Create Division', 'Event Divisions', 'Workouts']) expect(await scorer.getByRole('link', { name }).count(), name).toBe(0);
    await scorer.getByText('Quick Actions').click();

    await scorer.getByRole('link', { name: 'Enter' }).click();
    await scorer.waitForURL('**/results/entry?**');
    await scorer.locator('.ht_master table.htCore').waitFor();
    for (const [row, value] of ['120', '98', '143'].entries()) await typeInCell(scorer, row, 3, value);
    await scorer.getByText('3 unsaved change(s)').waitFor();
    await scorer.getByRole('button', { name: 'Save', exact: true }).click();
    await scorer.getByText('No unsaved changes').waitFor();
    await scorer.getByRole('button', { name: 'Delete All Results (3)' }).waitFor();
    expect(await scorer.getByRole('button', { name: /Publish All|Unpublish All/ }).count()).toBe(0);
    await screenshotBoth(scorer, 'accounts-04-scorer-result-entry');

    // Saved as drafts, as the organiser sees them.
    const grid = await api<ResultGrid>(
      stack.baseUrl,
      await token(organiser),
      'GET',
      `/events/${eventId}/results?workoutId=${workoutId}&divisionId=${divisionId}`,
    );
    expect(grid.rows.map((r) => [r.teamName, r.resultValue, r.isPublished]).sort()).toEqual([
      ['Alpha Pair', 120, false],
      ['Bravo Pair', 98, false],
      ['Charlie Pair', 143, false],
    ]);

    // A typed setup address says the scorer may not open it, instead of showing the form.
    await scorer.goto(`/admin/events/${eventId}/edit`);
    await scorer.getByText("You don't have access to this page").waitFor();
    expect(await scorer.getByRole('button', { name: /Save/ }).count()).toBe(0);
  });

  it('sign out and a password change end the old session on the server', async () => {
    const scorerToken = await token(scorer);
    expect(await status('/auth/me', scorerToken)).toBe(200);
    await scorer.getByRole('button', { name: 'Sign out' }).click();
    await scorer.waitForURL('**/login');
    // Sessions are checked per request, cached at most a second (docs/access.md).
    await expect.poll(() => status('/auth/me', scorerToken), { timeout: 3000 }).toBe(401);

    const oldToken = await token(organiser);
    await organiser.getByRole('link', { name: new RegExp(`^${ORGANISER.username}`) }).click();
    await organiser.getByLabel('Current password').fill(ORGANISER.password);
    await organiser.getByLabel(/^New password/).fill('anna-has-a-new-password');
    await organiser.getByLabel('Repeat new password').fill('anna-has-a-new-password');
    await organiser.getByRole('button', { name: 'Change Password' }).click();
    await organiser.getByText('Password changed.', { exact: false }).waitFor();
    await screenshotBoth(organiser, 'accounts-05-account');
    await expect.poll(() => status('/auth/me', oldToken), { timeout: 3000 }).toBe(401);
    const newToken = await token(organiser);
    expect(newToken).not.toBe(oldToken);
    expect(await status('/auth/me', newToken)).toBe(200);
    await organiser.reload();
    await organiser.getByRole('heading', { name: 'Account', exact: true }).waitFor();
  });
});
