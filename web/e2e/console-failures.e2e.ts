// The console's failures and smaller items: no failure looks like success (publish,
// unpublish, toggle, recalculate and status changes say so and keep the stored state), the time
// cap and the workout order are checked where they are typed and by the server (its 409 shown
// at the field), a division with locked teams stays, and moving or deleting a team says what
// happens to its results.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, takeBrowserProblems } from './browser';
import { afterConsoleTest, nextDialog, openConsole } from './console';
import { gridCell, typeInCell } from './grid';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let eventId: string;
let eliteId: string;
let scaledId: string;
let timeWorkoutId: string;
let repsWorkoutId: string;
const teamIds: Record<string, string> = {};

const call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, token, method, path, body);

/** Runs a step with the browser offline, then checks that the dropped connection is all it complained about. */
async function offline(step: () => Promise<void>): Promise<void> {
  await context.setOffline(true);
  try {
    await step();
  } finally {
    await context.setOffline(false);
  }
  const problems = takeBrowserProblems().filter((p) => !p.text.includes('net::ERR_INTERNET_DISCONNECTED'));
  expect(problems).toEqual([]);
}

const UNREACHABLE = 'The server could not be reached. Check the connection and try again.';

/** The alert that says `text`, its Dismiss button, and that dismissing it removes it. */
async function dismiss(alert: Locator): Promise<void> {
  await alert.getByRole('button', { name: 'Dismiss' }).click();
  await alert.waitFor({ state: 'detached' });
}

describe('console failures and invariants', () => {
  beforeAll(async () => {
    stack = await startStack();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    token = session.token;
    const event = await createEvent(session, {
      name: 'Failure Open',
      dateFrom: '2026-06-13',
      dateTo: '2026-06-14',
      description: 'Bring **chalk** and read the [rules](https://example.com/rules).\n\n<script>window.__pwned = 1</script>',
    });
    eventId = event.id;
    eliteId = (await event.division('Elite')).division.id;
    scaledId = (await event.division('Scaled')).division.id;
    const created = await event.addTeams(eliteId, ['Team 10', 'Team 2', 'Team 1'].map((name) => ({ name })));
    for (const t of created) teamIds[t.name] = t.id;
    timeWorkoutId = (await event.workout({ name: 'Sprint', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 })).id;
    repsWorkoutId = (await event.workout({ name: 'Ladder', scoreType: 'REPS', workoutOrder: 2 })).id;

    ({ browser, context, page } = await openConsole(stack));
  });

  afterEach((ctx) => afterConsoleTest(ctx.task, page, context, 'console'));

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('workout order: a taken number is refused at the field, typed values stay', async () => {
    await page.goto(`/admin/events/${eventId}/workouts/${repsWorkoutId}/edit`);
    await page.getByLabel('Workout Name').fill('Ladder Renamed');
    await page.getByLabel('Workout Order').fill('1');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const field = page.getByText('Workout order 1 is already used by Sprint in this event').first();
    await field.waitFor();
    await screenshot(page, 'console-01-workout-order-taken');
    expect(await page.getByLabel('Workout Name').inputValue()).toBe('Ladder Renamed');
    expect(new URL(page.url()).pathname).toBe(`/admin/events/${eventId}/workouts/${repsWorkoutId}/edit`);
    const stored = await call<{ name: string; workoutOrder: number }>('GET', `/events/${eventId}/workouts/${repsWorkoutId}`);
    expect(stored).toMatchObject({ name: 'Ladder', workoutOrder: 2 });
  });

  it('result entry: a time above the cap is marked at entry, and a row the server refuses is marked too', async () => {
    await page.goto(`/admin/events/${eventId}/results/entry?workout=${timeWorkoutId}&division=${eliteId}`);
    await page.locator('.ht_clone_top .colHeader', { hasText: 'Result (MM:SS)' }).waitFor();
    // Teams come in natural order from the server.
    const names = await page.locator('.ht_master table.htCore tbody tr').evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent?.trim()));
    expect(names).toEqual(['Team 1', 'Team 2', 'Team 10']);

    await typeInCell(page, 0, 3, '10:30');
    await page.getByText('Invalid time for team "Team 1": Time must not exceed the time cap of 10:00; enter a capped result (CAP +reps) instead').waitFor();
    expect(await gridCell(page, 0, 3).getAttribute('class')).toContain('cell-invalid');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    await typeInCell(page, 0, 3, '5:00');

    // The cap goes down elsewhere (no results yet, so allowed) while this grid still knows 10:00.
    await call('PUT', `/events/${eventId}/workouts/${timeWorkoutId}`, { name: 'Sprint', scoreType: 'TIME', timeCapSeconds: 480, workoutOrder: 1 });
    await typeInCell(page, 1, 3, '9:00');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const report = page.getByRole('alert').filter({ hasText: 'Save failed' });
    await report.waitFor();
    await screenshot(page, 'console-02-result-refused-row');
    const text = await report.innerText();
    expect(text).toContain('Team 2: Invalid time for team "Team 2": Time must not exceed the time cap of 8:00; enter a capped result (CAP +reps) instead');
    expect(text).toContain('Team 1: not saved, because the save is all or nothing and another row was refused');
    expect(await gridCell(page, 1, 3).getAttribute('class')).toContain('cell-invalid');
    expect(await gridCell(page, 0, 3).getAttribute('class')).not.toContain('cell-invalid');
    expect((await gridCell(page, 1, 3).innerText()).trim()).toBe('9:00');

    // Fixing the marked cell unmarks it and the save goes through.
    await typeInCell(page, 1, 3, 'CAP+40');
    expect(await gridCell(page, 1, 3).getAttribute('class')).not.toContain('cell-invalid');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Saved 2 results: /).waitFor();
  });

  it('Edit Workout: lowering the cap below a completed time and moving the order once results exist answer at the field', async () => {
    await page.goto(`/admin/events/${eventId}/workouts/${timeWorkoutId}/edit`);
    await page.getByLabel('Time Cap', { exact: true }).fill('04:00');
    await page.getByLabel('Workout Order').fill('3');
    let dialog = nextDialog(page, true);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await dialog;
    await page.getByText('Workout order cannot be changed because results have already been entered for this event.').first().waitFor();
    expect(await page.getByLabel('Time Cap', { exact: true }).inputValue()).toBe('04:00');

    await page.getByLabel('Workout Order').fill('1');
    dialog = nextDialog(page, true);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await dialog;
    await page.getByText('The time cap cannot be lower than the completed times of Team 1 (5:00). Change those results to CAP first.').first().waitFor();
    await screenshot(page, 'console-03-cap-below-results');
    const stored = await call<{ timeCapSeconds: number; workoutOrder: number }>('GET', `/events/${eventId}/workouts/${timeWorkoutId}`);
    expect(stored).toMatchObject({ timeCapSeconds: 480, workoutOrder: 1 });
  });

  it('publish, unpublish, toggle, recalculate and status changes that fail say so and keep the stored state', async () => {
    await page.goto(`/admin/events/${eventId}`);
    const cell = page.getByTestId(`matrix-cell-${eliteId}-${timeWorkoutId}`);
    await cell.getByRole('button', { name: 'Publish' }).waitFor();

    await offline(async () => {
      await cell.getByRole('button', { name: 'Publish' }).click();
      const alert = cell.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain(`Publish failed: ${UNREACHABLE}`);
      await screenshot(page, 'console-04-publish-failed');
      await dismiss(alert);

      await page.getByRole('button', { name: 'Recalculate All Scores' }).click();
      await page.getByRole('alert').filter({ hasText: `Recalculation failed: ${UNREACHABLE}` }).waitFor();
      await dismiss(page.getByRole('alert').filter({ hasText: 'Recalculation failed' }));

      const status = page.getByRole('group', { name: 'Event status' });
      await status.getByRole('button', { name: 'Running' }).click();
      await page.getByRole('alert').filter({ hasText: `Status change failed: ${UNREACHABLE}` }).waitFor();
      expect(await status.getByRole('button', { name: 'Draft' }).getAttribute('aria-pressed')).toBe('true');
      expect(await status.getByRole('button', { name: 'Running' }).getAttribute('aria-pressed')).toBe('false');
    });
    expect((await cell.innerText()).replace(/\s+/g, ' ')).toContain('Published 0/3');
    expect((await call<{ status: string }>('GET', `/events/${eventId}`)).status).toBe('DRAFT');

    // Result entry: Publish All and the Published toggle fail visibly; the column keeps showing Draft.
    await page.goto(`/admin/events/${eventId}/results/entry?workout=${timeWorkoutId}&division=${eliteId}`);
    await page.getByRole('button', { name: 'Publish All (2)' }).waitFor();
    await offline(async () => {
      await page.getByRole('button', { name: 'Publish All (2)' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Publish failed' });
      await alert.waitFor();
      await dismiss(alert);
      await gridCell(page, 0, 6).click();
      await page.getByRole('alert').filter({ hasText: `Publication change failed: ${UNREACHABLE}` }).waitFor();
      await screenshot(page, 'console-05-toggle-failed');
    });
    expect((await gridCell(page, 0, 6).innerText()).trim()).toBe('⚠️ Draft');

    // Online again, the same toggle works: the failure was not left behind as state.
    await gridCell(page, 0, 6).click();
    await expect.poll(async () => (await gridCell(page, 0, 6).innerText()).trim(), { timeout: 15_000 }).toBe('✅ Public');
    await offline(async () => {
      await page.getByRole('button', { name: 'Unpublish All (1)' }).click();
      await page.getByRole('alert').filter({ hasText: `Unpublish failed: ${UNREACHABLE}` }).waitFor();
    });
    expect((await gridCell(page, 0, 6).innerText()).trim()).toBe('✅ Public');
  });

  it('a division with a locked team is not deleted, and the console says why', async () => {
    await page.goto(`/admin/divisions/${eliteId}/edit`);
    const dialog = nextDialog(page, true);
    await page.getByRole('button', { name: /Delete/ }).first().click();
    await dialog;
    await page.getByText('Division Elite cannot be deleted because these teams have published results: Team 1. Unpublish or delete their results first.').waitFor();
    await screenshot(page, 'console-06-division-locked');
    expect((await call<{ name: string }>('GET', `/divisions/${eliteId}`)).name).toBe('Elite');
  });

  it('moving a team with results asks how many go; deleting a team with draft results says so', async () => {
    // Team 2 has one draft result (CAP+40); Team 10 gets one too.
    await call('POST', '/results/batch', { results: [{ teamId: teamIds['Team 10'], workoutId: repsWorkoutId, resultValue: 12 }] });

    await page.goto(`/admin/teams/${teamIds['Team 2']}/edit`);
    await page.getByLabel('Athlete 1 Name').fill('Ann Typed');
    await page.getByLabel('Division').selectOption(scaledId);
    let dialog = nextDialog(page, false);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    expect(await dialog).toBe(
      'Move team Team 2 from Elite to Scaled? Its 1 result will be deleted, because results count in the division they were entered for. This cannot be undone.',
    );
    expect(await page.getByLabel('Athlete 1 Name').inputValue()).toBe('Ann Typed');
    expect((await call<{ divisionId: string }>('GET', `/teams/${teamIds['Team 2']}`)).divisionId).toBe(eliteId);

    dialog = nextDialog(page, true);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await dialog;
    await page.waitForURL(`**/admin/teams/${teamIds['Team 2']}`);
    const moved = await call<{ divisionId: string; resultsCount: number; athlete1Name: string }>('GET', `/teams/${teamIds['Team 2']}`);
    expect(moved).toMatchObject({ divisionId: scaledId, resultsCount: 0, athlete1Name: 'Ann Typed' });

    await page.goto(`/admin/teams/${teamIds['Team 10']}`);
    dialog = nextDialog(page, false);
    await page.getByRole('button', { name: 'Delete' }).first().click();
    expect(await dialog).toBe('Delete team Team 10? Its 1 result (draft) will be deleted too. This cannot be undone.');
    expect((await call<{ name: string }>('GET', `/teams/${teamIds['Team 10']}`)).name).toBe('Team 10');
  });

  it('the admin event page renders the description as sanitised Markdown; Quick Actions closes on Esc and outside clicks', async () => {
    await page.goto(`/admin/events/${eventId}`);
    const info = page.locator('section, div').filter({ has: page.getByText('Event Information', { exact: true }) }).last();
    await info.locator('strong', { hasText: 'chalk' }).waitFor();
    expect(await info.getByRole('link', { name: 'rules' }).getAttribute('href')).toBe('https://example.com/rules');
    expect(await page.locator('script:not([src])').filter({ hasText: '__pwned' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

    const menu = page.locator('details').filter({ hasText: 'Quick Actions' });
    await page.getByText('Quick Actions ▾').click();
    await page.getByRole('link', { name: 'All Events' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
    await page.getByText('Quick Actions ▾').click();
    expect(await menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await screenshot(page, 'console-07-event-detail-markdown-menu');
    await page.getByRole('heading', { name: 'Failure Open' }).click();
    await expect.poll(() => menu.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  });

  it('a missing team page has breadcrumbs and a Back link', async () => {
    await page.goto('/admin/teams/00000000-0000-4000-8000-000000000000');
    await page.getByText('Team not found').first().waitFor();
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect((await crumbs.innerText()).replace(/\s+/g, ' ')).toBe('Events > Team not found');
    await screenshot(page, 'console-08-team-not-found');
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/admin/events');
  });

  it('a locked-out sign-in says when to try again', async () => {
    const fresh = await browser.newContext({ baseURL: stack.baseUrl });
    const login = await fresh.newPage();
    await login.goto('/login');
    let message = '';
    for (let attempt = 0; attempt < 8 && !message.startsWith('Too many'); attempt += 1) {
      // Sign-in counters are per deployment (namespaced by its database), so this locks nothing else.
      await login.getByLabel('Username').fill('lockout-check');
      await login.getByLabel('Password').fill('definitely-wrong-password');
      await login.getByRole('button', { name: 'Sign in' }).click();
      await login.getByRole('alert').waitFor();
      message = await login.getByRole('alert').innerText();
      expect(message === 'Invalid credentials. Please try again.' || message.startsWith('Too many')).toBe(true);
    }
    expect(message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
    await screenshot(login, 'console-09-locked-out');
    await fresh.close();
  });
});
