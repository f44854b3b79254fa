// The season in a browser, against the real stack: an admin creates a series in the console and
// adds two events (divisions mapped by name); a visitor on a phone lands on the federation's home
// (a live event, an open registration, what comes next, the series), opens the series standings, expands a team to the
// events that count, and finds an athlete by name without the accent.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { signIn } from './console';
import { api, createEvent, login, saveAndPublish, type BuiltEvent, type Session } from './events';
import { startStack, type Stack } from './stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

let stack: Stack;
let session: Session;
let browser: Browser;
let context: BrowserContext;
let page: Page;

async function both(name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
}

async function transition(ev: BuiltEvent, action: 'publish' | 'start'): Promise<void> {
  await api(session.baseUrl, session.token, 'POST', `/events/${ev.id}/${action}`);
}

/** An event with Rx (the teams, athletes "<team> One/Two") and Fran; results by team, seconds. */
async function seasonEvent(name: string, from: string, times: Record<string, number>, action: 'publish' | 'start'): Promise<BuiltEvent> {
  const ev = await createEvent(session, { name, dateFrom: from, dateTo: from, location: 'Berlin' });
  const teams = Object.keys(times).map((t) => ({ name: t, athlete1Name: `${t} One`, athlete2Name: `${t} Two` }));
  const { teams: created } = await ev.division('Rx', '', teams);
  const fran = await ev.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
  await transition(ev, 'publish');
  if (action === 'start') await transition(ev, 'start');
  await saveAndPublish(
    session,
    created.map((t) => ({ teamId: t.id, workoutId: fran.id, resultValue: times[t.name] })),
  );
  return ev;
}

beforeAll(async () => {
  stack = await startStack();
  session = await login(stack.baseUrl, stack.username, stack.password);
  await api(session.baseUrl, session.token, 'POST', '/users', { username: 'league-organiser', password: 'league-organiser-passphrase', role: 'organiser' });
  await seasonEvent('Winter Cup', day(-60), { 'Zoë Crew': 180, Bravo: 190, Charlie: 200 }, 'publish');
  await seasonEvent('Spring Games', day(0), { 'Zoe Crew': 175, Bravo: 170 }, 'start');
  const summer = await createEvent(session, { name: 'Summer Open', dateFrom: day(30), dateTo: day(31), location: 'Hamburg' });
  const { division: summerRx } = await summer.division('Rx', '', [{ name: 'Delta' }]);
  await transition(summer, 'publish');
  const hour = 3_600_000;
  await api(session.baseUrl, session.token, 'PUT', `/divisions/${summerRx.id}/registration`, {
    opensAt: new Date(Date.now() - hour).toISOString(),
    closesAt: new Date(Date.now() + 48 * hour).toISOString(),
    capacity: 8,
    feeCents: 4000,
    currency: 'EUR',
    waitlist: true,
  });
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: stack.baseUrl, viewport: DESKTOP });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
});

describe('the season', () => {
  it('an admin creates a series in the console and adds the events', async () => {
    await page.goto('/login');
    await signIn(page, stack);
    await page.waitForURL('**/admin/events');
    await page.getByRole('link', { name: 'Series' }).click();
    // A refused save names its field and keeps what was typed.
    await page.getByLabel('Name').fill('B');
    await page.getByRole('button', { name: 'Create Series' }).click();
    await page.getByText('Series name must be at least 2 characters').waitFor();
    await page.getByLabel('Name').fill('Berlin League');
    await page.getByLabel('Season').fill('2026');
    await page.getByLabel('Published (shown on the public site)').check();
    await page.getByRole('button', { name: 'Create Series' }).click();
    await page.getByRole('heading', { name: 'Berlin League' }).waitFor();
    for (const [name, from] of [['Winter Cup', day(-60)], ['Spring Games', day(0)]]) {
      await page.getByLabel('Add an event').selectOption({ label: `${name} (${from})` });
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByText(name, { exact: false }).first().waitFor();
    }
    await expect.poll(() => page.getByLabel('Rx counts for').count()).toBe(2);
    // A series division of its own, and an organiser who manages this series.
    await page.getByLabel('New series division').fill('Masters');
    await page.getByRole('button', { name: 'Add division' }).click();
    await page.getByText(/^Series divisions: .*Masters/).waitFor();
    // Each change is in the series' activity, newest first, with who made it.
    const activity = page.getByRole('list', { name: 'Series activity' });
    await activity.getByText('Series division Masters created').waitFor();
    await activity.getByText('Event Spring Games added: Rx → Rx').waitFor();
    await activity.getByText(/^Series Berlin League created: .*ranked by team$/).waitFor();
    await page.getByLabel('Organiser', { exact: true }).selectOption({ label: 'league-organiser' });
    await page.getByRole('button', { name: 'Grant' }).click();
    const organisers = page.locator('section[aria-labelledby="series-access"]');
    await organisers.getByRole('button', { name: 'Remove' }).waitFor();
    await organisers.getByText('league-organiser').waitFor();
    await both('season-console-series');
  });

  it('a visitor on a phone sees what is live, the series and its standings', async () => {
    await page.setViewportSize(PHONE);
    await page.goto('/public');
    await page.getByRole('heading', { name: 'Live now' }).waitFor();
    const live = page.locator('section[aria-labelledby="home-live"]');
    await live.getByText('Spring Games').waitFor();
    await live.getByText('Live', { exact: true }).waitFor();
    await page.locator('section[aria-labelledby="home-coming-up"]').getByText('Summer Open').waitFor();
    // Registration open: the division with its places left (the hand-added team takes one).
    const open = page.locator('section[aria-labelledby="home-registration"]');
    await open.getByRole('list', { name: 'Divisions open at Summer Open' }).getByText('7 places left').waitFor();
    await open.getByText('40.00 EUR', { exact: false }).waitFor();
    await page.locator('section[aria-labelledby="home-recent"]').getByText('Zoë Crew').waitFor();
    await both('season-home');
    await open.getByRole('link', { name: 'Register for Summer Open' }).click();
    await page.getByRole('heading', { name: 'Registration' }).waitFor();
    await page.goto('/public');

    await page.getByRole('link', { name: /Berlin League/ }).click();
    await page.getByRole('heading', { name: 'Berlin League' }).waitFor();
    // Zoë Crew / Zoe Crew is one team: 100 (1st in winter) + 95 (2nd in spring).
    const zoe = page.getByRole('button', { name: /Zoe Crew/ });
    await zoe.waitFor();
    await expect.poll(() => page.getByRole('button', { name: /Bravo/ }).textContent()).toContain('195');
    await zoe.click();
    await page.getByRole('list', { name: 'Events of Zoe Crew' }).getByRole('link', { name: 'Winter Cup' }).waitFor();
    await both('season-series');
  });

  it('finds an athlete by name, without case or accent, and opens the team', async () => {
    await page.goto('/public/search');
    await page.getByLabel('Search events, teams and athletes').fill('zoe crew one');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('heading', { name: 'Athletes' }).waitFor();
    await both('season-search');
    await page.getByRole('link', { name: /Zoë Crew.*Winter Cup/ }).first().click();
    await page.getByRole('heading', { name: 'Zoë Crew' }).waitFor();

    // Punctuation alone: the server's clear answer.
    await page.goto('/public/search?q=%3F%21');
    await page.getByRole('alert').getByText('Type at least 2 letters or digits to search').waitFor();
  });
});
