// The athlete's public profile (docs/registration.md, "The athlete's public profile") in a
// browser, against the real stack: a visitor on the team page follows an athlete's name to their
// profile (name, club, country, the team's published placing, never the email), on a desk and a
// phone; a deleted account's profile says "Former athlete" and nothing more.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login, saveAndPublish, saveResults, type Session } from './events';
import { startStack, type Stack } from './stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const PASSWORD = 'athlete-e2e-passphrase';

type Athlete = { id: string; email: string; token: string };

let stack: Stack;
let session: Session;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let springTeam = '';
let springId = '';
let ben: Athlete;
let anna: Athlete;

/** An athlete account through the public API, confirmed with its mail's link (the outbox). */
async function signUp(first: string, last: string): Promise<Athlete> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  await api(stack.baseUrl, null, 'POST', '/athlete/sign-up', { email, password: PASSWORD, firstName: first, lastName: last });
  const box = await api<{ mails: { to: string; text: string }[] }>(stack.baseUrl, session.token, 'GET', '/mail-outbox/auth');
  const link = /\/public\/athlete\/verify\?token=([A-Za-z0-9_%-]+)/.exec(box.mails.find((m) => m.to === email)?.text ?? '')?.[1];
  expect(link, `confirmation mail to ${email}`).toBeTruthy();
  await api(stack.baseUrl, null, 'POST', '/athlete/verify-email', { token: decodeURIComponent(link ?? '') });
  const { token } = await api<{ token: string }>(stack.baseUrl, null, 'POST', '/athlete/sign-in', { email, password: PASSWORD });
  const me = await api<{ id: string }>(stack.baseUrl, token, 'GET', '/athlete/profile');
  return { id: me.id, email, token };
}

/** Registers captain and partner's team in the open division; returns the team's id. */
async function register(eventId: string, divisionId: string, team: string, captain: Athlete, partner: Athlete): Promise<string> {
  const reg = await api<{ shareCode: string }>(stack.baseUrl, captain.token, 'POST', `/registration/events/${eventId}/registrations`, { divisionId, teamName: team });
  const joined = await api<{ state: string; teamId: string }>(stack.baseUrl, partner.token, 'POST', '/registration/accept', { code: reg.shareCode });
  expect(joined.state).toBe('confirmed');
  return joined.teamId;
}

beforeAll(async () => {
  stack = await startStack();
  session = await login(stack.baseUrl, stack.username, stack.password);
  const ev = await createEvent(session, { name: 'Spring Throwdown', dateFrom: '2026-03-01', dateTo: '2026-03-01', location: 'Oslo' });
  const { division, teams } = await ev.division('Rx', '', [{ name: 'Typed Crew', athlete1Name: 'Tina Typed', athlete2Name: 'Tom Typed' }]);
  const fran = await ev.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
  await api(session.baseUrl, session.token, 'POST', `/events/${ev.id}/publish`);
  const hour = 3_600_000;
  await api(session.baseUrl, session.token, 'PUT', `/divisions/${division.id}/registration`, {
    opensAt: new Date(Date.now() - hour).toISOString(),
    closesAt: new Date(Date.now() + 48 * hour).toISOString(),
    capacity: 8,
    currency: 'EUR',
    waitlist: true,
  });
  anna = await signUp('Anna', 'Adler');
  ben = await signUp('Ben', 'Berg');
  await api(stack.baseUrl, anna.token, 'PUT', '/athlete/profile', { firstName: 'Anna', lastName: 'Adler', club: 'Box Nord', country: 'Norway', birthYear: 1990 });
  springTeam = await register(ev.id, division.id, 'Adler & Berg', anna, ben);
  springId = ev.id;
  await saveAndPublish(session, [
    { teamId: springTeam, workoutId: fran.id, resultValue: 180 },
    { teamId: teams[0].id, workoutId: fran.id, resultValue: 190 },
  ]);
  // A second event whose result is saved but never published: no placing on the profile.
  const autumn = await createEvent(session, { name: 'Autumn Throwdown', dateFrom: '2026-09-01', dateTo: '2026-09-01', location: 'Oslo' });
  const { division: autumnRx } = await autumn.division('Rx', '', []);
  const autumnFran = await autumn.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
  await api(session.baseUrl, session.token, 'POST', `/events/${autumn.id}/publish`);
  await api(session.baseUrl, session.token, 'PUT', `/divisions/${autumnRx.id}/registration`, {
    opensAt: new Date(Date.now() - hour).toISOString(),
    closesAt: new Date(Date.now() + 48 * hour).toISOString(),
    capacity: 8,
    currency: 'EUR',
    waitlist: true,
  });
  const autumnTeam = await register(autumn.id, autumnRx.id, 'Adler & Berg', anna, ben);
  await saveResults(session, [{ teamId: autumnTeam, workoutId: autumnFran.id, resultValue: 170 }]);
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: stack.baseUrl, viewport: DESKTOP });
  page = await context.newPage();
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
});

describe("the athlete's public profile", () => {
  it('is linked from the team page and shows published placings only, never the email', async () => {
    await page.goto(`/public/teams/${springTeam}`);
    await page.getByRole('heading', { name: 'Adler & Berg' }).waitFor();
    await page.getByRole('link', { name: 'Anna Adler' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anna Adler' }).waitFor();
    await page.getByText('Box Nord · Norway').waitFor();
    const spring = page.getByRole('listitem').filter({ hasText: 'Spring Throwdown' });
    await spring.getByText('#1 of 2 · 100 pts').waitFor();
    const autumn = page.getByRole('listitem').filter({ hasText: 'Autumn Throwdown' });
    await autumn.getByText('No published results yet').waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toContain(anna.email);
    expect(text).not.toContain('1990');
    expect(await page.title()).toBe('Anna Adler · Podium');
    await screenshot(page, 'athlete-profile-1440');
    await page.setViewportSize(PHONE);
    await page.reload();
    await spring.getByText('#1 of 2 · 100 pts').waitFor();
    await screenshot(page, 'athlete-profile-390');
    // The typed-in team's names link nowhere.
    await page.setViewportSize(DESKTOP);
    await page.goto(`/public/teams/${springTeam}`);
    await page.getByRole('link', { name: 'Ben Berg' }).waitFor();
    expect(await page.getByRole('link', { name: 'Tina Typed' }).count()).toBe(0);
  });

  it('a series ranked by athlete lists each athlete, linked to their profile, and the team typed in by hand as not ranked', async () => {
    // docs/series.md, "Ranking".
    const series = await api<{ id: string }>(stack.baseUrl, session.token, 'POST', '/series', { name: 'Nordic League', season: '2026', ranking: 'athlete', published: true });
    await api(stack.baseUrl, session.token, 'POST', `/series/${series.id}/events`, { eventId: springId });
    await page.setViewportSize(DESKTOP);
    await page.goto(`/public/series/${series.id}`);
    await page.getByText(/Ranked by athlete/).waitFor();
    await page.getByText('Not ranked, without an athlete account (entered by hand): Typed Crew.').waitFor();
    await page.getByRole('link', { name: 'Ben Berg' }).waitFor();
    await page.getByRole('button', { name: 'Events of Anna Adler' }).click();
    await page.getByRole('list', { name: 'Events of Anna Adler' }).getByText(/#1 in Rx with Adler & Berg/).waitFor();
    await screenshot(page, 'series-by-athlete-1440');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'series-by-athlete-390');
    await page.getByRole('link', { name: 'Anna Adler' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anna Adler' }).waitFor();
    await page.getByRole('link', { name: 'Nordic League' }).waitFor();
    await page.setViewportSize(DESKTOP);
  });

  it('shows only "Former athlete" once the account is deleted', async () => {
    await api(stack.baseUrl, ben.token, 'POST', '/athlete/account/delete', { password: PASSWORD });
    await expect
      .poll(async () => (await api<{ former: boolean }>(stack.baseUrl, null, 'GET', `/public/athletes/${ben.id}`)).former, { timeout: 10_000 })
      .toBe(true);
    await page.goto(`/public/athletes/${ben.id}`);
    await page.getByRole('heading', { level: 1, name: 'Former athlete' }).waitFor();
    await page.getByText("This athlete's account no longer exists.").waitFor();
    expect(await page.getByRole('link', { name: /Throwdown/ }).count()).toBe(0);
    await page.setViewportSize(PHONE);
    await screenshot(page, 'athlete-profile-former-390');
    await page.goto('/public/athletes/00000000-0000-4000-8000-000000000000');
    await page.getByText('Athlete not found.').waitFor();
    expect(takeBrowserProblems()).toEqual([]);
  });
});
