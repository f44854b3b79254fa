// The console rule for unsaved data (docs/console-unsaved-data.md): typed values survive a failed save,
// a delete, a paste past the grid's end, navigation, a reload and an expired session.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, takeBrowserProblems } from './browser';
import { afterConsoleTest, nextDialog, openConsole, signIn } from './console';
import { gridCell as cell, typeInCell } from './grid';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let eventId: string;
let divisionId: string;
let emptyDivisionId: string;
let timeWorkoutId: string;
let repsWorkoutId: string;

const call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, token, method, path, body);

async function gridColumn(p: Page, col: number): Promise<string[]> {
  return p.locator('.ht_master table.htCore tbody tr').evaluateAll(
    (trs, c) => trs.map((tr) => (tr.querySelectorAll('td')[c]?.textContent ?? '').trim()),
    col,
  );
}

async function teamNames(divId: string): Promise<string[]> {
  const teams = await call<{ name: string }[]>('GET', `/teams/by-division/${divId}`);
  return teams.map((t) => t.name).sort();
}

describe('unsaved data in the console', () => {
  beforeAll(async () => {
    stack = await startStack();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    token = session.token;
    const event = await createEvent(session, { name: 'Unsaved Data Open', dateFrom: '2026-06-13', dateTo: '2026-06-14' });
    eventId = event.id;
    const teams = ['Alpha Crew', 'Bravo Crew', 'Charlie Crew', 'Delta Crew'].map((name) => ({ name, athlete1Name: `${name} A` }));
    divisionId = (await event.division('Open Pairs', '', teams)).division.id;
    emptyDivisionId = (await event.division('Paste Pairs')).division.id;
    timeWorkoutId = (await event.workout({ name: 'Sprint', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 })).id;
    repsWorkoutId = (await event.workout({ name: 'Ladder', scoreType: 'REPS', workoutOrder: 2 })).id;

    ({ browser, context, page } = await openConsole(stack));
  });

  afterEach((ctx) => afterConsoleTest(ctx.task, page, context, 'unsaved'));

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('team grid: a failed save keeps the typed rows, says so row by row, and a retry saves them', async () => {
    await page.goto(`/admin/divisions/${divisionId}/teams/grid`);
    await page.locator('.ht_master table.htCore').waitFor();
    await typeInCell(page, 4, 0, 'Echo Crew');
    await typeInCell(page, 5, 0, 'Foxtrot Crew');
    await typeInCell(page, 0, 1, 'Alma Renamed');

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(/^Save failed: /).waitFor();
    await screenshot(page, 'unsaved-01-team-grid-save-failed');
    const alert = await page.getByRole('alert').first().innerText();
    for (const name of ['Alpha Crew', 'Echo Crew', 'Foxtrot Crew']) expect(alert).toContain(name);
    expect(await gridColumn(page, 0)).toEqual(expect.arrayContaining(['Echo Crew', 'Foxtrot Crew']));
    expect(await gridColumn(page, 1)).toContain('Alma Renamed');
    await page.getByText('Unsaved changes', { exact: true }).waitFor();

    await context.setOffline(false);
    // The dropped connection is the point of this test; anything else the browser reports is not.
    const problems = takeBrowserProblems().filter((p) => !p.text.includes('net::ERR_INTERNET_DISCONNECTED'));
    expect(problems).toEqual([]);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(/^Saved 3 teams: /).waitFor();
    expect(await teamNames(divisionId)).toEqual(['Alpha Crew', 'Bravo Crew', 'Charlie Crew', 'Delta Crew', 'Echo Crew', 'Foxtrot Crew']);
    expect(await gridColumn(page, 1)).toContain('Alma Renamed');
  });

  it('team grid: deleting one saved team keeps every other unsaved edit and new row', async () => {
    await page.goto(`/admin/divisions/${divisionId}/teams/grid`);
    await page.locator('.ht_master table.htCore').waitFor();
    await typeInCell(page, 1, 1, 'Bea Edited');
    await typeInCell(page, 6, 0, 'Golf Crew');

    const dialog = nextDialog(page, true);
    await cell(page, 3, 4).getByRole('button', { name: 'Delete' }).click();
    expect(await dialog).toBe('Delete team Delta Crew? This cannot be undone.');
    await expect.poll(() => teamNames(divisionId), { timeout: 15_000 }).not.toContain('Delta Crew');
    await expect.poll(() => gridColumn(page, 0), { timeout: 15_000 }).not.toContain('Delta Crew');
    expect(await gridColumn(page, 0)).toContain('Golf Crew');
    expect(await gridColumn(page, 1)).toContain('Bea Edited');
    await page.getByText('Unsaved changes', { exact: true }).waitFor();
    await screenshot(page, 'unsaved-02-team-grid-after-delete');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(/^Saved 2 teams: /).waitFor();
    expect(await teamNames(divisionId)).toContain('Golf Crew');
  });

  it('team grid: pasting 15 tab-separated teams into an empty grid keeps all 15', async () => {
    await page.goto(`/admin/divisions/${emptyDivisionId}/teams/grid`);
    await page.locator('.ht_master table.htCore').waitFor();
    await cell(page, 0, 0).click();
    const tsv = Array.from({ length: 15 }, (_, i) => `Paste Team ${i + 1}\tAthlete ${i + 1}A\tAthlete ${i + 1}B`).join('\n');
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, tsv);
    await expect.poll(async () => (await gridColumn(page, 0)).filter((n) => n.startsWith('Paste Team')).length, { timeout: 15_000 }).toBe(15);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(/^Saved 15 teams: /).waitFor();
    expect(await teamNames(emptyDivisionId)).toHaveLength(15);
  });

  it('result entry: switching selects and Back to Event ask first; a reload and an expired session keep typed results', async () => {
    await page.goto(`/admin/events/${eventId}/results/entry?workout=${timeWorkoutId}&division=${divisionId}`);
    await page.locator('.ht_clone_top .colHeader', { hasText: 'Result (MM:SS)' }).waitFor();
    await typeInCell(page, 0, 3, '5:10');
    await typeInCell(page, 1, 3, '6:20');
    await page.getByText('2 unsaved change(s)').waitFor();

    let dialog = nextDialog(page, false);
    await page.getByLabel('Workout').selectOption(repsWorkoutId);
    expect(await dialog).toBe('You have unsaved changes. Leave and discard them?');
    await expect.poll(() => new URL(page.url()).searchParams.get('workout'), { timeout: 15_000 }).toBe(timeWorkoutId);
    expect(await page.getByLabel('Workout').inputValue()).toBe(timeWorkoutId);

    dialog = nextDialog(page, false);
    await page.getByRole('link', { name: 'Back to Event' }).click();
    await dialog;
    expect(new URL(page.url()).pathname).toBe(`/admin/events/${eventId}/results/entry`);
    expect((await gridColumn(page, 3)).slice(0, 2)).toEqual(['5:10', '6:20']);

    await page.reload();
    await page.getByText('Restored 2 unsaved changes from your last visit. Save them or discard them.').waitFor();
    expect((await gridColumn(page, 3)).slice(0, 2)).toEqual(['5:10', '6:20']);

    // The session expires: Save answers 401, the sign-in page opens, and signing in offers the values back.
    await page.evaluate(() => localStorage.setItem('podium.token', 'expired'));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/login');
    // The sign-in page says why it opened, and that the typed values come back.
    await page
      .getByRole('status')
      .filter({ hasText: 'You were signed out (your session ended). Sign in again to continue: what you had typed is kept and comes back on the page you were on.' })
      .waitFor();
    await screenshot(page, 'unsaved-03-signed-out-reason');
    await signIn(page, stack);
    await page.waitForURL('**/results/entry?**');
    await page.getByText('Restored 2 unsaved changes from your last visit. Save them or discard them.').waitFor();
    expect((await gridColumn(page, 3)).slice(0, 2)).toEqual(['5:10', '6:20']);
    await screenshot(page, 'unsaved-03-result-entry-restored');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/^Saved 2 results: /).waitFor();
    await page.getByText('No unsaved changes').waitFor();

    // Nothing unsaved: switching the workout needs no prompt.
    await page.getByLabel('Workout').selectOption(repsWorkoutId);
    await page.locator('.ht_clone_top .colHeader', { hasText: 'Result' }).first().waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('workout'), { timeout: 15_000 }).toBe(repsWorkoutId);
  });

  it('result entry: Ctrl/Cmd+S while a cell is still being edited saves that cell too', async () => {
    await page.goto(`/admin/events/${eventId}/results/entry?workout=${repsWorkoutId}&division=${divisionId}`);
    await page.locator('.ht_master table.htCore').waitFor();
    await typeInCell(page, 0, 3, '120');
    await typeInCell(page, 1, 3, '95', false);
    await page.keyboard.press('ControlOrMeta+s');
    await page.getByText(/^Saved 2 results: /).waitFor();
    await page.getByText('No unsaved changes').waitFor();
    const grid = await call<{ rows: { teamName: string; resultValue: number | null }[] }>(
      'GET',
      `/events/${eventId}/results?workoutId=${repsWorkoutId}&divisionId=${divisionId}`,
    );
    const values = grid.rows.flatMap((r) => (r.resultValue === null ? [] : [r.resultValue])).sort((a, b) => a - b);
    expect(values).toEqual([95, 120]);
  });
});
