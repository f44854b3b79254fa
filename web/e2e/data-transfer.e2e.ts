// Data in and out through the console: a team CSV with one bad line is checked, mended and
// imported; the result spreadsheet and the event document download.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isoDay } from '../src/lib/download';
import { launchBrowser, screenshot } from './browser';
import { api, createEvent, login } from './events';
import { typeInCell } from './grid';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token: string;
let eventId: string;
let divisionId: string;

describe('data in and out', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1400, height: 900 }, acceptDownloads: true });
    page = await context.newPage();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    token = session.token;
    const event = await createEvent(session, { name: 'Import Open', dateFrom: '2026-09-01', dateTo: '2026-09-01' });
    eventId = event.id;
    divisionId = (await event.division('Elite')).division.id;

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

  it('imports a team CSV after the bad line is fixed', async () => {
    await page.goto(`/admin/divisions/${divisionId}/teams/grid`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import teams from CSV' });
    const csv = dialog.getByLabel('CSV');
    await csv.fill('Team Name;Athlete 1;Athlete 2\nKraftwerk Müller;Jürgen Groß;Anna Weiß\nX;Bob;Cy\n');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('Line 3: Team name must be at least 2 characters').waitFor();
    await expect(dialog.getByRole('button', { name: 'Import' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'import-01-bad-line');

    await csv.fill('Team Name;Athlete 1;Athlete 2\nKraftwerk Müller;Jürgen Groß;Anna Weiß\nXtreme Duo;Bob;Cy\n');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('2 teams are ready to import.').waitFor();
    await screenshot(page, 'import-02-ready');
    await dialog.getByRole('button', { name: 'Import 2 teams' }).click();
    await dialog.getByText('Imported 2 teams.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const teams = await api<{ name: string }[]>(stack.baseUrl, token, 'GET', `/teams/by-division/${divisionId}`);
    expect(teams.map((t) => t.name).sort()).toEqual(['Kraftwerk Müller', 'Xtreme Duo']);
    await page.getByText('Kraftwerk Müller').first().waitFor();
    await screenshot(page, 'import-03-grid');
  });

  it('refuses a team twice in its division on every path: file, re-import, grid and API', async () => {
    await page.goto(`/admin/divisions/${divisionId}/teams/grid`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import teams from CSV' });
    const csv = dialog.getByLabel('CSV');
    await csv.fill('Team Name,Athlete 1\nDup Team,Ann\nBarbell Bandits,Bea\ndup team,Cy\n');
    await dialog.getByRole('button', { name: 'Check' }).click();
    const lines = dialog.getByRole('list', { name: 'Lines to fix' });
    await lines.getByText('Line 2: Team name "Dup Team" appears more than once in this division: lines 2, 4').waitFor();
    await lines.getByText('Line 4: Team name "dup team" appears more than once in this division: lines 2, 4').waitFor();
    await expect(dialog.getByRole('button', { name: 'Import' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'import-04-twice-in-file');

    const file = 'Team Name,Athlete 1\nDup Team,Ann\nBarbell Bandits,Bea\n';
    await csv.fill(file);
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByRole('button', { name: 'Import 2 teams' }).click();
    await dialog.getByText('Imported 2 teams.').waitFor();
    await csv.fill(file);
    await dialog.getByRole('button', { name: 'Check' }).click();
    await lines.getByText('Line 2: A team named "Dup Team" is already in this division').waitFor();
    await lines.getByText('Line 3: A team named "Barbell Bandits" is already in this division').waitFor();
    await expect(dialog.getByRole('button', { name: 'Import' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'import-05-already-in-division');
    await dialog.getByRole('button', { name: 'Close' }).click();

    const before = await api<{ name: string }[]>(stack.baseUrl, token, 'GET', `/teams/by-division/${divisionId}`);
    await typeInCell(page, before.length, 0, 'barbell bandits');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('barbell bandits: A team named "Barbell Bandits" is already in this division').waitFor();
    await screenshot(page, 'import-06-grid-twin');

    const res = await fetch(`${stack.baseUrl}/api/teams`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ eventId, divisionId, name: 'BARBELL BÄNDITS' }),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ field: 'name', message: 'A team named "Barbell Bandits" is already in this division' });
    const after = await api<{ name: string }[]>(stack.baseUrl, token, 'GET', `/teams/by-division/${divisionId}`);
    expect(after.length).toBe(before.length);
  });

  it('counts a file larger than it lists: the first 100 teams and wrong lines, and how many there are', async () => {
    const division = (await api<{ id: string }>(stack.baseUrl, token, 'POST', '/divisions', { name: 'Open 250', eventId })).id;
    const rows = Array.from({ length: 250 }, (_, i) => (i % 5 === 4 && i < 240 ? 'X,Ann,Bea' : `Open ${String(i).padStart(3, '0')},Ann ${i},Bea ${i}`));
    await page.goto(`/admin/divisions/${division}/teams/grid`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import teams from CSV' });
    const csv = dialog.getByLabel('CSV');
    await csv.fill(`Team Name,Athlete 1,Athlete 2\n${rows.join('\n')}\n`);
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('Line 6: Team name must be at least 2 characters').waitFor();
    await dialog.getByText('Nothing is imported until every line is right.').waitFor();
    await expect(dialog.getByRole('list', { name: 'Lines to fix' }).getByRole('listitem').count()).resolves.toBe(48);
    await screenshot(page, 'import-08-wrong-lines');

    const mended = rows.map((r, i) => (r.startsWith('X,') ? `Open ${String(i).padStart(3, '0')},Ann ${i},Bea ${i}` : r));
    await csv.fill(`Team Name,Athlete 1,Athlete 2\n${mended.join('\n')}\n`);
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('250 teams are ready to import.').waitFor();
    await dialog.getByText('The first 100 of 250 teams are shown.').waitFor();
    await expect(dialog.getByRole('row').count()).resolves.toBe(101);
    await screenshot(page, 'import-09-first-100');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'import-09-first-100-phone');
    await dialog.getByRole('button', { name: 'Import 250 teams' }).click();
    await dialog.getByText('Imported 250 teams.').waitFor();
    await screenshot(page, 'import-10-imported-phone');
    await page.setViewportSize({ width: 1400, height: 900 });
    await dialog.getByRole('button', { name: 'Close' }).click();
    const teams = await api<{ name: string }[]>(stack.baseUrl, token, 'GET', `/teams/by-division/${division}`);
    expect(teams.length).toBe(250);
  });

  it('refuses at Check a CSV it cannot read whole, naming the line', async () => {
    await page.goto(`/admin/divisions/${divisionId}/teams/grid`);
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import teams from CSV' });
    const csv = dialog.getByLabel('CSV');
    await csv.fill('Team Name,Athlete 1,Athlete 2\nGood Quote Team,A,B\n"Broken quote team,A,B\nOnly,\n');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('Line 3: a quoted cell starts here and its closing quote (") is missing').waitFor();
    await expect(dialog.getByRole('button', { name: 'Import' }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'import-07-open-quote');

    await csv.fill('Team Name,Athlete 1,Athlete 2\nGood Row Team,A,B\nRagged Team,A,B,C\n');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('Line 3 has 4 cells but the header has 3').waitFor();
    await expect(dialog.getByRole('button', { name: 'Import' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Close' }).click();
    const teams = await api<{ name: string }[]>(stack.baseUrl, token, 'GET', `/teams/by-division/${divisionId}`);
    expect(teams.map((t) => t.name)).not.toContain('Good Quote Team');
  });

  it('downloads the results CSV and the event document, named by what they hold and the day', async () => {
    const today = new Date().toISOString().slice(0, 10); // the server names its files by the UTC day
    await page.goto(`/admin/events/${eventId}/results/entry`);
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe(`Import Open - all results with drafts - ${today}.csv`);

    await page.goto(`/admin/events/${eventId}`);
    const [doc] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export event' }).click()]);
    expect(doc.suggestedFilename()).toBe(`Import Open - event export - ${isoDay(new Date())}.podium.json`);
  });
});
