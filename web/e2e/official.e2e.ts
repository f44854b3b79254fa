// Official means checked: a scorer's edit of a published result waits for an organiser's
// publication (docs/result-invariants.md, "Pending changes"), and a Draft event's boards are
// previewed by those holding a grant on it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { api, createEvent, login, saveAndPublish, type Session } from './events';
import { gridCell, typeInCell } from './grid';
import { startStack, type Stack } from './stack';

const ORGANISER = { username: 'olga-official', password: 'olga-official-passphrase' };
const SCORER = { username: 'sam-official', password: 'sam-official-passphrase' };
const PUBLISHED_COL = 6;

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let scorer: Page;
let organiser: Page;
let spectator: Page;
let eventId = '';
let divisionId = '';
let workoutId = '';

async function signIn(page: Page, { username, password }: { username: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/admin/events');
}

async function openPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1440, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

/** The public division board's text, freshly loaded. */
async function publicBoard(): Promise<string> {
  await spectator.goto(`/public/events/${eventId}/divisions/${divisionId}/leaderboard`);
  await spectator.getByText('Alpha').first().waitFor();
  return spectator.locator('main').innerText();
}

describe('official results', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const admin = await login(stack.baseUrl, stack.username, stack.password);
    const users: Record<string, string> = {};
    for (const [user, role] of [[ORGANISER, 'organiser'], [SCORER, 'scorer']] as const) {
      users[user.username] = (await api<{ id: string }>(stack.baseUrl, admin.token, 'POST', '/users', { ...user, role })).id;
    }
    const own: Session = await login(stack.baseUrl, ORGANISER.username, ORGANISER.password);
    const event = await createEvent(own, { name: 'Official Open', dateFrom: '2026-09-05', dateTo: '2026-09-05', status: 'IN_PROGRESS' });
    eventId = event.id;
    const { division, teams } = await event.division('Elite', '', [{ name: 'Alpha' }, { name: 'Bravo' }]);
    divisionId = division.id;
    workoutId = (await event.workout({ name: 'Grace', scoreType: 'TIME', timeCapSeconds: 900, workoutOrder: 1 })).id;
    await api(stack.baseUrl, own.token, 'PUT', `/events/${eventId}/access/${users[SCORER.username]}`, { role: 'scorer' });
    await saveAndPublish(own, [
      { teamId: teams[0]!.id, workoutId, resultValue: 239 },
      { teamId: teams[1]!.id, workoutId, resultValue: 250 },
    ]);
    [scorer, organiser, spectator] = await Promise.all([openPage(), openPage(), openPage()]);
    await Promise.all([signIn(scorer, SCORER), signIn(organiser, ORGANISER)]);
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== 'fail') return;
    const name = ctx.task.name.slice(0, 30).replace(/\W+/g, '-');
    for (const [who, page] of Object.entries({ scorer, organiser, spectator })) if (page) await screenshot(page, `failure-${name}-${who}`);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await browser?.close();
    await stack?.stop();
  });

  it("keeps a scorer's edit of a published result off the public board until an organiser publishes it", async () => {
    expect(await publicBoard()).toContain('3:59');

    const entry = `/admin/events/${eventId}/results/entry?workout=${workoutId}&division=${divisionId}`;
    await scorer.goto(entry);
    await scorer.locator('.ht_clone_top .colHeader', { hasText: 'Result (MM:SS)' }).waitFor();
    await typeInCell(scorer, 0, 3, '3:30');
    await scorer.keyboard.press('ControlOrMeta+s');
    await scorer.getByText('No unsaved changes').waitFor();
    await scorer.getByText('3:59 public → 3:30 pending').waitFor();
    await scorer.getByText("1 published result has a change waiting for publication: the public sees the published value until then. An organiser's publication makes it public.").waitFor();
    // A scorer deletes nothing the public sees and publishes nothing.
    expect(await scorer.getByRole('button', { name: /Delete All Results/ }).count()).toBe(0);
    expect(await scorer.getByRole('button', { name: 'Save and publish' }).count()).toBe(0);
    expect(await gridCell(scorer, 0, 7).getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await screenshot(scorer, 'official-01-scorer-pending');
    await scorer.setViewportSize({ width: 390, height: 844 });
    await screenshot(scorer, 'official-01-scorer-pending-phone');
    await scorer.setViewportSize({ width: 1440, height: 900 });

    const board = await publicBoard();
    expect(board).toContain('3:59');
    expect(board).not.toContain('3:30');

    await organiser.goto(entry);
    await organiser.getByText('3:59 public → 3:30 pending').waitFor();
    expect((await gridCell(organiser, 0, PUBLISHED_COL).innerText()).trim()).toBe('⚠️ Draft: 3:59 public → 3:30 pending');
    await organiser.getByRole('button', { name: 'Publish All (1)', exact: true }).click();
    await organiser.getByRole('button', { name: 'Unpublish All (2)' }).waitFor();
    expect((await gridCell(organiser, 0, PUBLISHED_COL).innerText()).trim()).toBe('✅ Public');

    const published = await publicBoard();
    expect(published).toContain('3:30');
    expect(published).not.toContain('3:59');
    await screenshot(spectator, 'official-02-public-after-publication');
  });

  it("previews a Draft event's board from the matrix's Leaderboard link, marked as a preview; the public gets 404", async () => {
    const own = await login(stack.baseUrl, SCORER.username, SCORER.password); // a scorer of the event, not its organiser
    const organiserSession = await login(stack.baseUrl, ORGANISER.username, ORGANISER.password);
    const draft = await createEvent(organiserSession, { name: 'Draft Open', dateFrom: '2026-10-01', dateTo: '2026-10-01', status: 'DRAFT' });
    const { division, teams } = await draft.division('Masters', '', [{ name: 'Gamma' }]);
    const grace = await draft.workout({ name: 'Grace', scoreType: 'TIME', timeCapSeconds: 900, workoutOrder: 1 });
    const scorerId = (await api<{ id: string }>(stack.baseUrl, own.token, 'GET', '/auth/me')).id;
    await api(stack.baseUrl, organiserSession.token, 'PUT', `/events/${draft.id}/access/${scorerId}`, { role: 'scorer' });
    await api(stack.baseUrl, own.token, 'POST', '/results/batch', { results: [{ teamId: teams[0]!.id, workoutId: grace.id, resultValue: 222 }] });

    await scorer.goto(`/admin/events/${draft.id}`);
    const [board] = await Promise.all([scorer.context().waitForEvent('page'), scorer.getByRole('link', { name: 'Leaderboard ↗' }).click()]);
    await board.getByText('Preview of a Draft event: the public cannot see this page until the event is published.').waitFor();
    await board.getByText('Admin preview: Showing unpublished results').waitFor();
    expect(await board.locator('main').innerText()).toContain('3:42');
    await screenshot(board, 'official-03-draft-preview');
    await board.close();

    await spectator.goto(`/public/events/${draft.id}/divisions/${division.id}/leaderboard?includeUnpublished=1`);
    await spectator.getByText('Division leaderboard not found.').waitFor();
  });

  it('lets an organiser save and publish in one go', async () => {
    await typeInCell(organiser, 1, 3, '4:05');
    await organiser.getByRole('button', { name: 'Save and publish' }).click();
    await organiser.getByText('No unsaved changes').waitFor();
    await organiser.getByRole('button', { name: 'Unpublish All (2)' }).waitFor();
    expect(await publicBoard()).toContain('4:05');
  });
});
