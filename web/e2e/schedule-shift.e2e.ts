// The schedule as it runs (docs/competition-day.md): the organiser shifts the floor 12 minutes
// late from heat 2 on the console's heats screen; the public schedule open on a phone shows the
// new time with the planned one struck through, through the event's live stream and without a
// reload; the athlete's My heats shows it too and follows a second shift live. Screenshots at
// phone (390×844) and desktop (1280×800) size.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import type { AthleteSession } from './athlete-phone';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let workoutId = '';
let anna: AthleteSession;
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** An athlete account through the public API, confirmed with the link of the mail it queued. */
async function signUp(first: string, last: string): Promise<AthleteSession> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  const password = 'athlete-e2e-passphrase';
  await api(stack.baseUrl, null, 'POST', '/athlete/sign-up', { email, password, firstName: first, lastName: last });
  const box = await call<{ mails: { to: string; text: string }[] }>('GET', '/mail-outbox/auth');
  const link = /\/public\/athlete\/verify\?token=([A-Za-z0-9_%-]+)/.exec(box.mails.find((m) => m.to === email)?.text ?? '')?.[1];
  expect(link, `confirmation mail to ${email}`).toBeTruthy();
  await api(stack.baseUrl, null, 'POST', '/athlete/verify-email', { token: decodeURIComponent(link ?? '') });
  const { token, expiresAt } = await api<{ token: string; expiresAt: string }>(stack.baseUrl, null, 'POST', '/athlete/sign-in', { email, password });
  return { email, token, expiresAt };
}

/** A browser page on the event's clock (UTC), a phone or a desk, signed in as the athlete when given. */
async function newPage(phone: boolean, athlete?: AthleteSession): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    timezoneId: 'UTC',
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }),
  });
  contexts.push(context);
  if (athlete) {
    await context.addInitScript((a: AthleteSession) => {
      if (!location.protocol.startsWith('http')) return; // about:blank has no storage
      localStorage.setItem('podium.athlete.token', a.token);
      localStorage.setItem('podium.athlete.email', a.email);
      localStorage.setItem('podium.athlete.expiresAt', a.expiresAt);
    }, athlete);
  }
  return context.newPage();
}

async function staffPage(phone: boolean, next: string): Promise<Page> {
  const page = await newPage(phone);
  await page.goto(next);
  await page.waitForURL('**/login');
  await page.getByLabel('Username').fill(stack.username);
  await page.getByLabel('Password').fill(stack.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${next}`);
  return page;
}

/** Heat 2's block on the public schedule. */
const heatTwo = (page: Page) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Heat 2/ }) });

describe('the schedule as it runs', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Harbour Throwdown', dateFrom: '2026-09-01', dateTo: '2026-09-01', status: 'PUBLISHED' });
    eventId = event.id;
    const { division } = await event.division('RX Pairs', '', [{ name: 'Bravo Burpee' }, { name: 'Charlie Clean' }]);
    await call('PUT', `/divisions/${division.id}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 20,
    });
    anna = await signUp('Anna', 'Adler');
    const ben = await signUp('Ben', 'Berg');
    const reg = await api<{ shareCode: string }>(stack.baseUrl, anna.token, 'POST', `/registration/events/${eventId}/registrations`, {
      divisionId: division.id,
      teamName: 'Zulu Pair',
    });
    await api(stack.baseUrl, ben.token, 'POST', '/registration/accept', { code: reg.shareCode });
    workoutId = (await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 })).id;
    // By name, two lanes, the first heat taking the remainder: Bravo alone in heat 1 at 09:00,
    // Charlie and Zulu Pair (lane 2) in heat 2 at 09:10.
    await call('POST', `/events/${eventId}/workouts/${workoutId}/heats/generate`, {
      divisionIds: [division.id],
      lanesPerHeat: 2,
      order: 'name',
      firstStart: '2026-09-01T09:00:00Z',
      minutesBetween: 10,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('a shift in the console shows on the open public schedule with the old time struck through', async () => {
    const phone = await newPage(true);
    await phone.goto(`/public/events/${eventId}/schedule`);
    await heatTwo(phone).getByText('09:10').waitFor();
    expect(await heatTwo(phone).locator('s').count()).toBe(0);

    const desk = await staffPage(false, `/admin/events/${eventId}/workouts/${workoutId}/heats`);
    await desk.getByLabel('From heat').selectOption({ label: 'Heat 2 · 09:10' });
    await desk.getByRole('spinbutton', { name: 'Minutes', exact: true }).fill('12');
    const started = Date.now();
    await desk.getByRole('button', { name: 'Shift the schedule' }).click();
    await desk.getByRole('status').filter({ hasText: 'Shifted by 12 min from heat 2: heats moved: 1.' }).waitFor();
    await desk.getByRole('heading', { name: /Heat 2 · .*09:10.*09:22/ }).waitFor();
    await screenshot(desk, 'schedule-shift-console-1280');

    // The phone was not reloaded: the event's stream brought the change.
    await heatTwo(phone).locator('s', { hasText: '09:10' }).waitFor({ timeout: 10_000 });
    console.log(`public schedule showed the shift ${Date.now() - started} ms after the click`);
    expect(await heatTwo(phone).innerText()).toContain('09:22');
    expect(await heatTwo(phone).getByText('planned', { exact: false }).count()).toBeGreaterThan(0);
    const heatOne = phone.getByRole('listitem').filter({ has: phone.getByRole('heading', { name: /^Heat 1/ }) });
    expect(await heatOne.locator('s').count()).toBe(0);
    await screenshot(phone, 'schedule-shift-public-390');

    const deskSchedule = await newPage(false);
    await deskSchedule.goto(`/public/events/${eventId}/schedule`);
    await heatTwo(deskSchedule).locator('s', { hasText: '09:10' }).waitFor();
    await screenshot(deskSchedule, 'schedule-shift-public-1280');

    const deskPhone = await staffPage(true, `/admin/events/${eventId}/workouts/${workoutId}/heats`);
    await deskPhone.getByLabel('From heat').waitFor();
    await screenshot(deskPhone, 'schedule-shift-console-390');
  });

  it("the athlete's My heats shows the shift and follows the next one live", async () => {
    const phone = await newPage(true, anna);
    await phone.goto('/public/me/registrations');
    const mine = phone.getByRole('region', { name: 'My heats' });
    await mine.getByText('Fran · Heat 2 · Lane 2').waitFor();
    await mine.locator('s', { hasText: '09:10' }).waitFor();
    expect(await mine.innerText()).toContain('09:22');
    expect(await mine.innerText()).toContain('Harbour Throwdown · Zulu Pair · RX Pairs');
    await screenshot(phone, 'schedule-shift-my-heats-390');

    const heats = await call<{ id: string; number: number }[]>('GET', `/events/${eventId}/workouts/${workoutId}/heats`);
    const started = Date.now();
    await call('POST', `/events/${eventId}/heats/shift`, { fromHeatId: heats.find((h) => h.number === 2)?.id, minutes: 3 });
    await mine.getByText('09:25').waitFor({ timeout: 10_000 });
    console.log(`My heats showed the second shift ${Date.now() - started} ms after it`);
    expect(await mine.locator('s').innerText()).toBe('09:10');

    const desk = await newPage(false, anna);
    await desk.goto('/public/me/registrations');
    await desk.getByRole('region', { name: 'My heats' }).getByText('09:25').waitFor();
    await screenshot(desk, 'schedule-shift-my-heats-1280');
  });
});
