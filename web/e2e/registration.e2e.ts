// Registration (docs/registration.md), the whole path on phones and a desk: an athlete registers
// a team from the public event page and invites the partner by email; the partner opens the
// invitation link and joins; the organiser records the payment and sees the team confirmed; at
// the door the team's QR code is on the athlete's page and the check-in screen marks its athletes present;
// heats generated from checked-in teams seat it and not the no-show.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import { athletePhone } from './athlete-phone';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let workoutId = '';
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

type Athlete = { email: string; token: string; expiresAt: string };

/** An athlete account through the public API (the sign-up page is auth's own test), confirmed
 * with the link of the mail it queued (no mail server here: an admin reads the outbox). */
async function signUp(first: string, last: string): Promise<Athlete> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  const password = 'athlete-e2e-passphrase';
  await api(stack.baseUrl, null, 'POST', '/athlete/sign-up', { email, password, firstName: first, lastName: last });
  const box = await call<{ mails: { to: string; text: string }[] }>('GET', '/mail-outbox/auth');
  const mail = box.mails.find((m) => m.to === email);
  const link = /\/public\/athlete\/verify\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? '')?.[1];
  expect(link, `confirmation mail to ${email}`).toBeTruthy();
  await api(stack.baseUrl, null, 'POST', '/athlete/verify-email', { token: decodeURIComponent(link ?? '') });
  const { token, expiresAt } = await api<{ token: string; expiresAt: string }>(stack.baseUrl, null, 'POST', '/athlete/sign-in', { email, password });
  return { email, token, expiresAt };
}

/** A phone (390×844) signed in as the athlete on the public site. */
async function phoneOf(athlete: Athlete | null): Promise<Page> {
  return athletePhone(browser, stack.baseUrl, athlete, contexts);
}

async function staffPage(width: number, height: number, next: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(next);
  await page.waitForURL('**/login');
  await page.getByLabel('Username').fill(stack.username);
  await page.getByLabel('Password').fill(stack.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`**${next}`);
  return page;
}

describe('registration from the public page to the heats', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Open Doors Games', dateFrom: '2026-12-05', dateTo: '2026-12-06', status: 'PUBLISHED' });
    eventId = event.id;
    const { division } = await event.division('Open Pairs', '', [{ name: 'No Show Crew', athlete1Name: 'Nora Nobody', athlete2Name: 'Ned Nobody' }]);
    workoutId = (await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 })).id;
    await call('PUT', `/divisions/${division.id}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 20,
      feeCents: 4000,
      currency: 'EUR',
      waitlist: true,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('goes from sign-up to a seat in the heats of checked-in teams', async () => {
    const anna = await signUp('Anna', 'Adler');
    const ben = await signUp('Ben', 'Berg');

    // Anna registers the team on her phone, inviting Ben by email.
    const annaPhone = await phoneOf(anna);
    await annaPhone.goto(`/public/events/${eventId}`);
    await annaPhone.getByText('1 place').or(annaPhone.getByText('19 places left')).first().waitFor();
    await annaPhone.getByLabel('Team name').fill('Adler & Berg');
    await annaPhone.getByLabel("Partner's email").fill(ben.email);
    await screenshot(annaPhone, 'registration-public-form-390');
    await annaPhone.getByRole('button', { name: 'Register team' }).click();
    const done = annaPhone.getByRole('status').filter({ hasText: 'Team Adler & Berg: Waiting for partner' });
    await done.waitFor();
    const code = (await done.locator('strong').innerText()).trim();
    expect(code).toMatch(/^[A-Z2-9]{10}$/);

    // Ben opens the invitation link and joins.
    const benPhone = await phoneOf(ben);
    await benPhone.goto(`/public/registration/accept?code=${code}`);
    await benPhone.getByRole('button', { name: 'Join the team' }).click();
    await benPhone.getByRole('status').filter({ hasText: 'You joined team Adler & Berg' }).waitFor();
    await benPhone.getByRole('status').getByText('Waiting for payment').waitFor();

    // The organiser records the cash payment: the team is confirmed and in the division.
    const desk = await staffPage(1440, 900, `/admin/events/${eventId}/registrations`);
    await desk.getByRole('cell', { name: 'Adler & Berg' }).waitFor();
    await desk.getByRole('button', { name: 'Paid cash' }).click();
    const row = desk.getByRole('row', { name: /Adler & Berg/ });
    await row.getByText('Confirmed', { exact: true }).waitFor();
    await row.getByText(/paid \(cash, e2e-admin\)/).waitFor();
    await screenshot(desk, 'registration-organiser-1440');

    // Anna's page shows the state and the QR code for the door.
    await annaPhone.goto('/public/me/registrations');
    await annaPhone.getByRole('img', { name: 'Check-in QR code of team Adler & Berg' }).waitFor();
    await screenshot(annaPhone, 'registration-mine-390');

    // At the door: the check-in screen on a phone ticks each athlete; with both starting
    // athletes present the team is present; the no-show stays out.
    const door = await staffPage(390, 844, `/admin/events/${eventId}/check-in`);
    const team = door.getByTestId('check-in-team').filter({ hasText: 'Adler & Berg' });
    await door.getByLabel('Search team or athlete').fill('berg');
    await expect(door.getByTestId('check-in-team').count()).resolves.toBe(1);
    await team.getByRole('checkbox', { name: 'Anna Adler' }).click();
    await team.getByRole('checkbox', { name: 'Anna Adler', checked: true }).waitFor();
    expect(await team.getByRole('button', { name: 'Present', pressed: true }).count()).toBe(0);
    await team.getByRole('checkbox', { name: 'Ben Berg' }).click();
    await team.getByRole('button', { name: 'Present', pressed: true }).waitFor();
    await door.getByText('1/2').waitFor();
    await screenshot(door, 'registration-check-in-390');
    await door.setViewportSize({ width: 1280, height: 800 });
    await screenshot(door, 'registration-check-in-1280');

    // Heats from checked-in teams only seat the present team.
    const heats = await staffPage(1440, 900, `/admin/events/${eventId}/workouts/${workoutId}/heats`);
    await heats.getByLabel('First heat starts').fill('2026-12-05T09:00');
    await heats.getByLabel(/Only teams checked in as present/).check();
    await heats.getByRole('button', { name: 'Generate Heats' }).click();
    await heats.getByText('Adler & Berg').first().waitFor();
    expect(await heats.getByText('No Show Crew').count()).toBe(0);
    const generated = await call<{ lanes: { teamName: string }[] }[]>('GET', `/events/${eventId}/workouts/${workoutId}/heats`);
    expect(generated.flatMap((h) => h.lanes.map((l) => l.teamName))).toEqual(['Adler & Berg']);

    expect(takeBrowserProblems()).toEqual([]);
  });
});
