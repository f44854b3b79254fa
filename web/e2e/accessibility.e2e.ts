// WCAG 2.2 AA (docs/architecture.md, "Accessibility"): axe-core over every route of the app with
// data on it, as a visitor, an athlete's pages, the judge's phone and the organiser's console see
// them; no serious or critical violation.
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser';
import { api, createEvent, login, saveAndPublish } from './events';
import { startStack, type Stack } from './stack';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let ids: { event: string; division: string; workout: string; team: string; heat: string };

/** The serious and critical violations axe finds on the page at path, once `ready` shows. */
async function violations(p: Page, path: string, ready: (p: Page) => Promise<unknown>): Promise<string[]> {
  await p.goto(path);
  await ready(p);
  await p.addScriptTag({ path: AXE });
  const found = await p.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: object, o: object) => Promise<{ violations: Violation[] }> } }).axe;
    // Handsontable draws the result grid's table roles itself (a third-party widget whose
    // markup Podium does not write): checked by its vendor, not here.
    const result = await axe.run({ exclude: [['.handsontable']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations;
  });
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

async function newPage(phone = false): Promise<Page> {
  // axe is injected as a script of its own, which the app's Content-Security-Policy refuses.
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    bypassCSP: true,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }),
  });
  contexts.push(context);
  return context.newPage();
}

const heading = (name: string | RegExp) => (p: Page) => p.getByRole('heading', { name }).first().waitFor();
const text = (t: string | RegExp, exact = false) => (p: Page) => p.getByText(t, { exact }).first().waitFor();

describe('accessibility', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Open Access', dateFrom: '2026-09-01', dateTo: '2026-09-02', status: 'IN_PROGRESS', location: 'Leeds' });
    const { division, teams } = await event.division('Elite', 'The best', [
      { name: 'Alpha Barbell', athlete1Name: 'Ann', athlete2Name: 'Bea' },
      { name: 'Bravo Burpee', athlete1Name: 'Cid', athlete2Name: 'Dee' },
      { name: 'Charlie Clean', athlete1Name: 'Eve', athlete2Name: 'Fay' },
    ]);
    const workout = await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1, description: '21-15-9 thrusters and pull-ups' });
    await saveAndPublish(session, [
      { workoutId: workout.id, teamId: teams[0]!.id, resultValue: 300 },
      { workoutId: workout.id, teamId: teams[1]!.id, resultValue: 320 },
    ]);
    await call('POST', `/events/${event.id}/workouts/${workout.id}/heats/generate`, {
      divisionIds: [division.id], lanesPerHeat: 3, order: 'name', firstStart: '2026-09-01T09:00:00Z', minutesBetween: 10,
    });
    const heats = await call<{ id: string }[]>('GET', `/events/${event.id}/workouts/${workout.id}/heats`);
    ids = { event: event.id, division: division.id, workout: workout.id, team: teams[0]!.id, heat: heats[0]!.id };
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await stack?.stop();
  });

  it.each([
    ['at desktop size', false],
    ['on a phone', true],
  ])('the public site, the venue screens and the athlete’s pages %s', async (_, phone) => {
    const { event, division, workout, team, heat } = ids;
    const found: string[] = [];
    {
      const p = await newPage(phone);
      for (const [path, ready] of [
        ['/public', (pg: Page) => pg.getByRole('main').waitFor()],
        ['/public/events', heading('Events')],
        [`/public/events/${event}`, heading('Open Access')],
        [`/public/events/${event}/leaderboard`, text('Elite')],
        [`/public/events/${event}/teams`, text('Alpha Barbell')],
        [`/public/events/${event}/schedule`, text('Fran', true)],
        [`/public/events/${event}/adjustments`, text('No result has changed since it was published.')],
        [`/public/events/${event}/divisions/${division}/leaderboard`, text('Alpha Barbell')],
        [`/public/events/${event}/divisions/${division}/workouts/${workout}/leaderboard`, text('Alpha Barbell')],
        [`/public/teams/${team}`, heading('Alpha Barbell')],
        ['/public/search', (pg: Page) => pg.getByRole('main').waitFor()],
        ['/public/athlete/sign-in', (pg: Page) => pg.getByRole('main').waitFor()],
        ['/public/athlete/sign-up', (pg: Page) => pg.getByRole('main').waitFor()],
        [`/tv/events/${event}`, text('Open Access')],
        [`/overlay/events/${event}/divisions/${division}/top`, text('Alpha Barbell')],
        [`/overlay/heats/${heat}`, text('Alpha Barbell')],
        [`/embed/events/${event}/divisions/${division}/leaderboard`, text('Alpha Barbell')],
        ['/judge/code', heading('Judge')],
      ] as const) {
        found.push(...(await violations(p, path, ready)));
      }
    }
    expect(found).toEqual([]);
  }, 400_000);

  it('the console, as the organiser sees it', async () => {
    const { event, division, workout, team } = ids;
    const p = await newPage();
    const found = await violations(p, '/login', heading('Podium'));
    await p.getByLabel('Username').fill(stack.username);
    await p.getByLabel('Password').fill(stack.password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL('**/admin/events');
    for (const [path, ready] of [
      ['/admin/events', text('Open Access')],
      [`/admin/events/${event}`, heading('Open Access')],
      [`/admin/events/${event}/edit`, (pg: Page) => pg.getByLabel('Event Name').waitFor()],
      [`/admin/events/${event}/divisions`, text('Elite')],
      [`/admin/events/${event}/teams`, text('Alpha Barbell')],
      [`/admin/events/${event}/workouts`, text('Fran', true)],
      [`/admin/events/${event}/workouts/new`, (pg: Page) => pg.getByLabel('Workout Name').waitFor()],
      [`/admin/events/${event}/workouts/${workout}`, heading('Fran')],
      [`/admin/events/${event}/workouts/${workout}/heats`, text('Alpha Barbell')],
      [`/admin/events/${event}/appeals`, text('No appeals yet.')],
      [`/admin/events/${event}/results/entry?workout=${workout}&division=${division}`, text('Alpha Barbell')],
      [`/admin/divisions/${division}`, heading('Elite')],
      [`/admin/divisions/${division}/teams`, text('Alpha Barbell')],
      [`/admin/teams/${team}`, heading('Alpha Barbell')],
      ['/admin/users', text(stack.username)],
      ['/admin/account', heading(/Account/)],
      ['/admin/outbox', heading(/Outbox/)],
      ['/admin/series', heading(/Series/)],
      [`/judge?event=${event}`, heading('Judge')],
    ] as const) {
      found.push(...(await violations(p, path, ready)));
    }
    expect(found).toEqual([]);
  }, 400_000);

  it("enters a heat's results on the judge screen with the keyboard alone", async () => {
    const { event, workout, heat } = ids;
    const p = await newPage();
    const tabTo = async (name: RegExp) => {
      for (let i = 0; i < 60; i++) {
        await p.keyboard.press('Tab');
        const focused = await p.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          return `${el?.getAttribute('aria-label') ?? ''} ${el?.innerText ?? ''}`;
        });
        if (name.test(focused)) return;
      }
      throw new Error(`nothing focusable matches ${name}`);
    };
    await p.goto(`/judge?event=${event}&workout=${workout}&heat=${heat}`);
    await p.waitForURL('**/login');
    // The username field takes the focus once the lazily loaded sign-in page is in: keys typed
    // before that go nowhere.
    await p.waitForFunction(() => document.activeElement instanceof HTMLInputElement);
    await p.keyboard.type(stack.username); // the username field has the focus
    await p.keyboard.press('Tab');
    await p.keyboard.type(stack.password);
    await p.keyboard.press('Enter');
    await p.waitForURL('**/judge?**');
    await tabTo(/Charlie Clean/);
    await p.keyboard.press('Enter');
    await tabTo(/^Time\b/);
    await p.keyboard.type('545');
    await p.keyboard.press('Enter'); // the form's Confirm
    await p.getByText('Save 5:45 for').waitFor();
    await tabTo(/^ ?Save$/);
    await p.keyboard.press('Enter');
    await p.getByRole('status').filter({ hasText: 'Saved ✓ 5:45' }).waitFor();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const grid = await api<{ rows: { teamName: string; resultText: string }[] }>(stack.baseUrl, session.token, 'GET', `/events/${event}/results?workoutId=${workout}`);
    expect(grid.rows.find((r) => r.teamName === 'Charlie Clean')?.resultText).toBe('5:45');
  }, 200_000);
});
