// The athlete's path counted (docs/registration.md, "The captain's path"): on a phone, from the
// public event page to a confirmed pair. The captain signs up from the event page, confirms the
// address from the mail, comes back to the event, registers and invites the partner by email;
// the partner opens the invitation (which says which team and event it is) and joins; the fee is
// paid by hand (no online payment here) as the page says. Every tap and typed field of the
// captain is counted: at most 12 taps and 6 fields. Then what a returning athlete sees: the event
// page keeps the registration, a full division says its waiting list, a partner already in the
// division is refused at once, and My profile leads back.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athletePhone, type AthleteSession } from './athlete-phone';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login, saveAndPublish, type Session } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
let eventId = '';
let fullEventId = '';
let workoutId = '';
let session: Session;

const PASSWORD = 'athlete-path-passphrase';
type Athlete = AthleteSession;
type Outbox = { mails: { to: string; subject: string; text: string }[] };

/** The path of the newest mail's link to page (no mail server here: an admin reads the outbox,
 * as the athlete's mail app would show the mail). */
async function mailedLink(service: 'auth' | 'competition', to: string, page: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const box = await call<Outbox>('GET', `/mail-outbox/${service}`);
    const mail = box.mails.find((m) => m.to === to && m.text.includes(page));
    const path = mail && new RegExp(`(${page.replace(/[?/]/g, '\\$&')}\\S*)`).exec(mail.text)?.[1];
    if (path) return path;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with ${page}`);
}

/** An athlete account through the public API (the partner's and the others' side is not counted). */
async function signUp(first: string, last: string): Promise<Athlete> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  await api(stack.baseUrl, null, 'POST', '/athlete/sign-up', { email, password: PASSWORD, firstName: first, lastName: last });
  const token = new URL(await mailedLink('auth', email, '/public/athlete/verify?'), 'http://x').searchParams.get('token');
  await api(stack.baseUrl, null, 'POST', '/athlete/verify-email', { token });
  const session = await api<{ token: string; expiresAt: string }>(stack.baseUrl, null, 'POST', '/athlete/sign-in', { email, password: PASSWORD });
  return { email, token: session.token, expiresAt: session.expiresAt };
}

/** A phone (390×844), signed in as athlete when given. */
const phone = (athlete: Athlete | null = null) => athletePhone(browser, stack.baseUrl, athlete, contexts);

/** Counts what the captain does: taps, typed fields and the screens seen. */
class Count {
  taps = 0;
  fields = 0;
  screens = new Set<string>();
  see(page: Page) {
    this.screens.add(new URL(page.url()).pathname);
  }
  /** Every screen the page shows from now on, client-side navigations included. */
  follow(page: Page) {
    this.see(page);
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.screens.add(new URL(frame.url()).pathname);
    });
  }
  async tap(page: Page, target: Locator) {
    this.taps++;
    await target.click();
    await page.waitForLoadState();
    this.see(page);
  }
  async fill(target: Locator, value: string) {
    this.fields++;
    await target.fill(value);
  }
}

async function openDivision(id: string, name: string, capacity: number, waitlist: boolean, feeCents: number) {
  const event = await call<{ divisions: { id: string; name: string }[] }>('GET', `/events/${id}`);
  const division = event.divisions.find((d) => d.name === name);
  await call('PUT', `/divisions/${division?.id}/registration`, {
    opensAt: new Date(Date.now() - 3_600_000).toISOString(),
    closesAt: new Date(Date.now() + 86_400_000).toISOString(),
    capacity,
    feeCents,
    currency: 'EUR',
    waitlist,
  });
  return division?.id ?? '';
}

describe("the athlete's path", () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Harbour Throwdown', dateFrom: '2026-12-12', dateTo: '2026-12-13', location: 'Lyon', status: 'PUBLISHED' });
    eventId = event.id;
    await event.division('Scaled Pairs', '');
    await openDivision(eventId, 'Scaled Pairs', 10, true, 4000);
    workoutId = (await event.workout({ name: 'Grace', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 })).id;
    const full = await createEvent(session, { name: 'Tiny Cup', dateFrom: '2026-12-19', dateTo: '2026-12-19', status: 'PUBLISHED' });
    fullEventId = full.id;
    await full.division('Waitlisted Pairs', '', [{ name: 'Early Birds', athlete1Name: 'Eve Early', athlete2Name: 'Eli Early' }]);
    await full.division('Closed Pairs', '', [{ name: 'Only Team', athlete1Name: 'Olga Only', athlete2Name: 'Oscar Only' }]);
    await openDivision(fullEventId, 'Waitlisted Pairs', 1, true, 0);
    await openDivision(fullEventId, 'Closed Pairs', 1, false, 0);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('takes the captain from the event page to a confirmed pair in at most 12 taps and 6 fields', async () => {
    const count = new Count();
    const captain = { email: `carla.captain.${Date.now()}@example.com`, first: 'Carla', last: 'Captain' };
    const carla = await phone();
    await carla.goto(`/public/events/${eventId}`);
    count.follow(carla);

    // Sign-up from the event page: "next" goes along.
    await count.tap(carla, carla.getByRole('link', { name: 'Sign in as an athlete' }));
    await count.tap(carla, carla.getByRole('link', { name: 'Create an account' }));
    expect(new URL(carla.url()).searchParams.get('next')).toBe(`/public/events/${eventId}`);
    // The address changes before the sign-up page has loaded: until it shows, the sign-in page's
    // own "Email address" would take the typing.
    await carla.getByRole('heading', { name: 'Create your athlete account' }).waitFor();
    await count.fill(carla.getByLabel('Email address'), captain.email);
    await count.fill(carla.getByLabel('First name'), captain.first);
    await count.fill(carla.getByLabel('Last name'), captain.last);
    await count.fill(carla.locator('#password'), PASSWORD);
    await screenshot(carla, 'athlete-path-sign-up-390');
    await count.tap(carla, carla.getByRole('button', { name: 'Create account' }));
    // A sign-up that did not go through fails with what the page says (a message, a field's
    // error) instead of a bare time-out.
    await carla.getByText('Check your email').waitFor().catch(async (err: Error) => {
      throw new Error(`${err.message}\nthe page says: ${await carla.locator('body').innerText().catch(() => '?')}`);
    });

    // The mail's link (one tap in the mail app) confirms the address and keeps the event.
    const link = await mailedLink('auth', captain.email, '/public/athlete/verify?');
    expect(new URL(link, 'http://x').searchParams.get('next')).toBe(`/public/events/${eventId}`);
    const mailTab = await carla.context().newPage();
    count.taps++;
    await mailTab.goto(link);
    await mailTab.getByText('Your email address is confirmed.').waitFor();
    count.see(mailTab);
    expect(await mailTab.getByRole('link', { name: 'Sign in' }).last().getAttribute('href')).toBe(
      `/public/athlete/sign-in?next=${encodeURIComponent(`/public/events/${eventId}`)}`,
    );
    await mailTab.close();

    // Back in the sign-up tab: one tap signs in and returns to the event.
    await count.tap(carla, carla.getByRole('button', { name: 'I confirmed my address: continue' }));
    await carla.waitForURL(`**/public/events/${eventId}`);
    await count.fill(carla.getByLabel('Team name'), 'Captain & Partner');
    const partner = await signUp('Pia', 'Partner');
    await count.fill(carla.getByLabel("Partner's email"), partner.email);
    await count.tap(carla, carla.getByRole('button', { name: 'Register team' }));
    const done = carla.getByRole('status').filter({ hasText: 'Team Captain & Partner: Waiting for partner' });
    await done.waitFor();
    await screenshot(carla, 'athlete-path-registered-390');

    // The partner's invitation says which team and event it is, before and after signing in.
    const invite = await mailedLink('competition', partner.email, '/public/registration/accept?');
    const stranger = await phone();
    await stranger.goto(invite);
    const about = stranger.getByTestId('invitation');
    await about.getByText('Team Captain & Partner · Scaled Pairs').waitFor();
    await about.getByText(/Carla Captain invites you to Harbour Throwdown, .*2026, Lyon\./).waitFor();
    const pia = await phone(partner);
    await pia.goto(invite);
    await pia.getByTestId('invitation').getByText('Team Captain & Partner · Scaled Pairs').waitFor();
    await screenshot(pia, 'athlete-path-invitation-390');
    await pia.getByRole('button', { name: 'Join the team' }).click();
    await pia.getByRole('status').filter({ hasText: 'You joined team Captain & Partner' }).waitFor();

    // No online payment: the captain's page says whom to pay, how much and how.
    await count.tap(carla, carla.getByRole('link', { name: 'My registrations' }).first());
    const card = carla.getByTestId('my-registration').filter({ hasText: 'Captain & Partner' });
    await card.getByText('Next: Pay the entry fee').waitFor();
    await card.getByText('Pay the entry fee of 40.00 EUR to the organiser of Harbour Throwdown: at the door or as the organiser tells you').waitFor();
    await screenshot(carla, 'athlete-path-pay-390');

    // The organiser takes the fee at the door; the captain sees the team confirmed.
    const list = await call<{ registrations: { id: string; teamName: string }[] }>('GET', `/events/${eventId}/registrations`);
    const reg = list.registrations.find((r) => r.teamName === 'Captain & Partner');
    await call('POST', `/registrations/${reg?.id}/paid`, { method: 'cash' });
    count.taps++; // the captain reloads the page
    await carla.reload();
    await card.getByText('Confirmed', { exact: true }).waitFor();
    count.see(carla);

    console.log(`captain's path: ${count.taps} taps, ${count.fields} fields, ${count.screens.size} screens (${[...count.screens].join(', ')})`);
    expect(count.fields).toBeLessThanOrEqual(6);
    expect(count.taps).toBeLessThanOrEqual(12);

    // Once a result is published, My registrations shows the team's rank and points.
    const confirmed = await call<{ registrations: { teamName: string; teamId: string }[] }>('GET', `/events/${eventId}/registrations`);
    const teamId = confirmed.registrations.find((r) => r.teamName === 'Captain & Partner')?.teamId;
    await saveAndPublish(session, [{ teamId, workoutId, status: 'completed', resultValue: 200 }]);
    await carla.reload();
    await card.getByTestId('team-standing').getByText(/^Scaled Pairs: rank 1 of 1 · \d+ points$/).waitFor();
    await screenshot(carla, 'athlete-path-rank-390');

    // Back on the event page the registration is there, not an empty form.
    await carla.goto(`/public/events/${eventId}`);
    const yours = carla.getByTestId('your-registrations');
    await yours.getByText('Your team Captain & Partner in Scaled Pairs:').waitFor();
    await yours.getByText('Confirmed', { exact: true }).waitFor();
    expect(await carla.getByLabel('Team name').count()).toBe(0);
    await screenshot(carla, 'athlete-path-event-again-390');

    // My profile leads to My registrations and back to the event.
    await carla.goto('/public/athlete/profile');
    await carla.getByRole('link', { name: 'My registrations' }).waitFor();
    await carla.getByRole('link', { name: 'Back to Harbour Throwdown' }).click();
    await carla.waitForURL(`**/public/events/${eventId}`);
    expect(takeBrowserProblems()).toEqual([]);
  });

  it('says when a team joins the waiting list and refuses a partner already in the division', async () => {
    const dana = await signUp('Dana', 'Late');
    const page = await phone(dana);
    await page.goto(`/public/events/${fullEventId}`);
    await page.getByText('Full: waiting list (0)').waitFor();
    // The division without a waiting list takes no team: it is not offered.
    expect(await page.getByLabel('Division').locator('option').allInnerTexts()).toEqual(['Waitlisted Pairs']);
    await page.getByRole('button', { name: 'Join the waiting list' }).waitFor();
    await page.getByText('Waitlisted Pairs is full: your team joins its waiting list and gets the next free place.').waitFor();
    expect(await page.getByRole('button', { name: 'Register team' }).count()).toBe(0);
    await screenshot(page, 'athlete-path-waiting-list-390');

    // Someone already in the division is refused as partner now, under the field.
    const erik = await signUp('Erik', 'First');
    await api(stack.baseUrl, erik.token, 'POST', `/registration/events/${fullEventId}/registrations`, {
      divisionId: await openDivision(fullEventId, 'Waitlisted Pairs', 1, true, 0),
      teamName: 'Erik Alone',
      partnerEmail: '',
    });
    await page.getByLabel('Team name').fill('Late Pair');
    await page.getByLabel("Partner's email").fill(erik.email);
    await page.getByRole('button', { name: 'Join the waiting list' }).click();
    await page.getByText(`${erik.email} is already in a team of Waitlisted Pairs: invite another partner`).waitFor();
    expect(await page.getByLabel('Team name').inputValue()).toBe('Late Pair');
    await screenshot(page, 'athlete-path-partner-taken-390');
  });
});
