// A place handed over on a phone (docs/registration.md, "Transfers"), against the real stack
// and a real SMTP server (Mailpit): the partner of a confirmed pair offers their place to an
// address with no account yet; the mail's link tells the new athlete which team it is, who
// creates an account from there, confirms it by mail, comes back and takes the place; the
// captain then sees the new athlete on the team, and the athlete who left is mailed.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athletePhone } from './athlete-phone';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { signIn } from './console';
import { api, createEvent, login, type Session } from './events';
import { linkIn, startMailpit, type Mailpit } from './mailpit';
import { ATHLETE_PASSWORD, signUpByMail } from './athletes';
import { startStack, type Stack } from './stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let stack: Stack;
let mailpit: Mailpit;
let browser: Browser;
const contexts: BrowserContext[] = [];
let session: Session;
let eventId = '';

async function both(page: Page, name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
  // Nothing wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

beforeAll(async () => {
  mailpit = await startMailpit();
  stack = await startStack({ PODIUM_SMTP_URL: mailpit.smtpUrl, PODIUM_MAIL_FROM: 'Podium <no-reply@podium.test>', PODIUM_PUBLIC_URL: 'https://podium.test' });
  browser = await launchBrowser();
  session = await login(stack.baseUrl, stack.username, stack.password);
  const event = await createEvent(session, { name: 'Harbour Handover', dateFrom: '2026-12-12', dateTo: '2026-12-13', location: 'Lyon', status: 'PUBLISHED' });
  eventId = event.id;
  await event.division('RX Pairs', '');
  const full = await api<{ divisions: { id: string; name: string }[] }>(stack.baseUrl, session.token, 'GET', `/events/${eventId}`);
  await api(stack.baseUrl, session.token, 'PUT', `/divisions/${full.divisions[0]?.id}/registration`, {
    opensAt: new Date(Date.now() - 3_600_000).toISOString(),
    closesAt: new Date(Date.now() + 86_400_000).toISOString(),
    capacity: 10,
    feeCents: 0,
    currency: 'EUR',
    waitlist: false,
  });
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await stack?.stop();
  await mailpit?.stop();
});

describe('a transfer on a phone', () => {
  it('is offered, accepted by the mailed link after signing up, and the new athlete is on the team', async () => {
    const anna = await signUpByMail(stack.baseUrl, mailpit, 'Anna', 'Harbour');
    const ben = await signUpByMail(stack.baseUrl, mailpit, 'Ben', 'Harbour');
    const division = (await api<{ divisions: { id: string }[] }>(stack.baseUrl, session.token, 'GET', `/events/${eventId}`)).divisions[0]?.id;
    const reg = await api<{ shareCode: string }>(stack.baseUrl, anna.token, 'POST', `/registration/events/${eventId}/registrations`, {
      divisionId: division,
      teamName: 'Harbour Pair',
      partnerEmail: ben.email,
    });
    await api(stack.baseUrl, ben.token, 'POST', '/registration/accept', { code: reg.shareCode });

    // Ben offers his place to Cleo's address from My registrations.
    const cleo = { email: 'cleo.harbour@example.com', first: 'Cleo', last: 'Harbour' };
    const benPhone = await athletePhone(browser, stack.baseUrl, ben, contexts);
    await benPhone.goto('/public/me/registrations');
    const card = benPhone.getByTestId('my-registration').filter({ hasText: 'Harbour Pair' });
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Transfer my place…' }).click();
    await card.getByLabel("New athlete's email").fill(ben.email);
    await card.getByRole('button', { name: 'Send the link' }).click();
    // A refusal names the field and keeps what was typed.
    await card.getByText(`${ben.email} is already in a team of RX Pairs: offer the place to someone else`).waitFor();
    expect(await card.getByLabel("New athlete's email").inputValue()).toBe(ben.email);
    await card.getByLabel("New athlete's email").fill(cleo.email);
    await card.getByRole('button', { name: 'Send the link' }).click();
    await card.getByTestId('transfer-offer').getByText(/^Ben Harbour's place is offered to cleo\.harbour@example\.com until .*Ben Harbour stays on the team until they accept\.$/).waitFor();
    await both(benPhone, 'transfer-offered');

    // Cleo opens the mailed link on her phone: it says the team before she has an account.
    const offer = await mailpit.waitFor(cleo.email, 'Ben Harbour offers you a place on team Harbour Pair');
    const link = linkIn(offer.text, '/public/registration/transfer?');
    const cleoPhone = await athletePhone(browser, stack.baseUrl, null, contexts);
    await cleoPhone.goto(link);
    const about = cleoPhone.getByTestId('transfer-about');
    await about.getByText('Team Harbour Pair · RX Pairs').waitFor();
    await about.getByText('Ben Harbour offers you their place.').waitFor();
    await both(cleoPhone, 'transfer-link');

    // She creates an account from the link, confirms it by mail and comes back signed in.
    await cleoPhone.getByRole('link', { name: 'Create an account' }).click();
    await cleoPhone.getByRole('heading', { name: 'Create your athlete account' }).waitFor();
    await cleoPhone.getByLabel('Email address').fill(cleo.email);
    await cleoPhone.getByLabel('First name').fill(cleo.first);
    await cleoPhone.getByLabel('Last name').fill(cleo.last);
    await cleoPhone.locator('#password').fill(ATHLETE_PASSWORD);
    await cleoPhone.getByRole('button', { name: 'Create account' }).click();
    await cleoPhone.getByText('Check your email').waitFor();
    const confirm = await mailpit.waitFor(cleo.email, 'Confirm your email address');
    const mailTab = await cleoPhone.context().newPage();
    await mailTab.goto(linkIn(confirm.text, '/public/athlete/verify?'));
    await mailTab.getByText('Your email address is confirmed.').waitFor();
    await mailTab.close();
    await cleoPhone.getByRole('button', { name: 'I confirmed my address: continue' }).click();
    await cleoPhone.waitForURL(`**${link}`);

    await cleoPhone.getByRole('button', { name: 'Take the place' }).click();
    await cleoPhone.getByTestId('transfer-accepted').getByText('You are on team Harbour Pair (Harbour Handover, RX Pairs).').waitFor();
    await both(cleoPhone, 'transfer-accepted');

    // The captain sees Cleo on the team; Ben is mailed and no longer has the registration.
    const annaPhone = await athletePhone(browser, stack.baseUrl, anna, contexts);
    await annaPhone.goto('/public/me/registrations');
    await annaPhone.getByTestId('my-registration').filter({ hasText: 'Harbour Pair' }).getByText('Anna Harbour & Cleo Harbour').waitFor();
    await screenshot(annaPhone, 'transfer-captain-390');
    const left = await mailpit.waitFor(ben.email, 'You are no longer on team Harbour Pair');
    expect(left.text).toContain('Cleo Harbour accepted your place');
    await benPhone.reload();
    await benPhone.getByText('No registrations yet.').waitFor();

    // The organiser's side: the row says the team's athletes; "Transfer…" offers a place, and
    // the open offer shows with its Cancel.
    const desk = await (await browser.newContext({ baseURL: stack.baseUrl, viewport: DESKTOP })).newPage();
    contexts.push(desk.context());
    await desk.goto(`/admin/events/${eventId}/registrations`);
    await signIn(desk, stack);
    const row = desk.getByRole('row').filter({ hasText: 'Harbour Pair' });
    await row.getByText('Anna Harbour & Cleo Harbour').waitFor();
    await row.getByRole('button', { name: 'Transfer…' }).click();
    const form = desk.getByTestId('desk-transfer');
    await form.getByLabel('Place').selectOption('2');
    await form.getByLabel("New athlete's email").fill('dora.harbour@example.com');
    await form.getByRole('button', { name: 'Send the link' }).click();
    await form.getByText(/^Cleo Harbour's place offered to dora\.harbour@example\.com until .*, by organiser /).waitFor();
    await both(desk, 'transfer-desk');
    await mailpit.waitFor('dora.harbour@example.com', 'Cleo Harbour offers you a place on team Harbour Pair');
    expect(takeBrowserProblems()).toEqual([]);
  });
});
