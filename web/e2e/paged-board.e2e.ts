// A board above the whole board's size (1,000 teams) is read in pages (docs/boards.md): the phone
// and the desktop show a virtualised list of the division, and find-my-entry scrolls to a team.
// The teams and results past the API's limit are written straight to the stack's database.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { createEvent, login } from './events';
import { startStack, type Stack } from './stack';

const TEAMS = 1500;
const run = promisify(execFile);

let stack: Stack;
let browser: Browser;
let eventId = '';
let divisionId = '';

/** Runs sql in the stack's database (this process's, named by its pid: e2e/database.ts). */
async function inStackDatabase(sql: string): Promise<void> {
  const psql = (db: string, q: string) => run('psql', ['-h', '127.0.0.1', '-U', 'postgres', '-d', db, '-v', 'ON_ERROR_STOP=1', '-qAtc', q]);
  const { stdout } = await psql('postgres', `SELECT datname FROM pg_database WHERE datname LIKE '%\\_${process.pid}\\_%' AND datname NOT LIKE '%tpl%'`);
  const [db] = stdout.split('\n').filter(Boolean);
  if (!db) throw new Error('no database of this run');
  await psql(db, sql);
}

beforeAll(async () => {
  stack = await startStack();
  const session = await login(stack.baseUrl, stack.username, stack.password);
  const event = await createEvent(session, { name: 'Online Open 2026', dateFrom: '2026-03-01', dateTo: '2026-03-31', location: '', description: '', detailsVisible: true, status: 'IN_PROGRESS' });
  const { division } = await event.division('Open Pairs', '');
  const workout = await event.workout({ name: '26.1', description: '', scoreType: 'REPS', workoutOrder: 1 });
  eventId = event.id;
  divisionId = division.id;
  await inStackDatabase(`
    INSERT INTO competition.teams (event_id, division_id, name, athlete1_name, athlete2_name)
      SELECT '${eventId}', '${divisionId}', 'Team ' || lpad(g::text, 4, '0'), 'Athlete One ' || g, 'Athlete Two ' || g FROM generate_series(1, ${TEAMS}) g;
    INSERT INTO results.results (event_id, division_id, team_id, workout_id, status, value, is_published)
      SELECT event_id, division_id, id, '${workout.id}', 'completed', (abs(hashtext(id::text)) % 300)::float8, true FROM competition.teams WHERE event_id = '${eventId}';
    UPDATE competition.public_versions SET version = version + 1 WHERE event_id = '${eventId}';`);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 900 }],
] as const) {
  it(`shows a ${TEAMS.toLocaleString('en')}-team board in pages on a ${name}, and finds an entry`, async () => {
    const context = await browser.newContext({ baseURL: stack.baseUrl, viewport, isMobile: name === 'phone', hasTouch: name === 'phone' });
    const page = await context.newPage();
    try {
      await page.goto(`/public/events/${eventId}/divisions/${divisionId}/leaderboard`);
      await page.getByText(`${TEAMS.toLocaleString('en')} teams • 30 pages of 50`).waitFor({ timeout: 30_000 });
      await page.getByRole('listitem').filter({ hasText: 'Team' }).first().waitFor();
      // Only the rows on screen (and a few either side) are in the page.
      const rendered = await page.getByRole('listitem').count();
      expect(rendered).toBeGreaterThan(5);
      expect(rendered).toBeLessThan(60);
      await page.screenshot({ path: `test-results/paged-board-${name}.png` });

      await page.getByLabel('Find my entry').fill('Athlete One 1234');
      await page.getByRole('button', { name: 'Find', exact: true }).click();
      await page.getByRole('button', { name: /Team 1234/ }).click();
      const row = page.locator('[data-position]').filter({ hasText: 'Team 1234' });
      await row.waitFor({ timeout: 15_000 });
      await expect.poll(async () => (await row.boundingBox())?.y ?? -1).toBeGreaterThan(0);
      expect((await row.boundingBox())!.y).toBeLessThan(viewport.height);
      await page.screenshot({ path: `test-results/paged-board-${name}-found-screen.png` });
    } finally {
      await context.close();
    }
  });
}
