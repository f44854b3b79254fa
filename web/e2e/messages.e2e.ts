// Messages to a group (docs/competition-day.md, "Messages"), in a browser: the organiser opens
// Messages from the event's page, sends to a division no one registered for and is told so with
// the typed text kept, sends to all athletes and sees it in the sent list with its recipients;
// the athlete reads it as a banner on "My registrations". Screenshots at phone (390×844) and
// desktop (1280×800) size.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import { athletePhone, type AthleteSession } from './athlete-phone';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
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

describe('a message from the organiser to the athletes', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Harbour Throwdown', dateFrom: '2026-06-01', dateTo: '2026-06-02', status: 'PUBLISHED' });
    eventId = event.id;
    const divisionId = (await event.division('RX Pairs', '')).division.id;
    await event.division('Masters Pairs', '');
    await call('PUT', `/divisions/${divisionId}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 20,
    });
    anna = await signUp('Anna', 'Adler');
    const ben = await signUp('Ben', 'Berg');
    const reg = await api<{ shareCode: string }>(stack.baseUrl, anna.token, 'POST', `/registration/events/${eventId}/registrations`, {
      divisionId,
      teamName: 'Adler & Berg',
    });
    await api(stack.baseUrl, ben.token, 'POST', '/registration/accept', { code: reg.shareCode });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('refuses an empty group with the text kept, sends to all and shows the banner', async () => {
    const desk = await staffPage(1280, 800, `/admin/events/${eventId}`);
    await desk.getByRole('link', { name: 'Messages' }).click();
    await desk.waitForURL(`**/admin/events/${eventId}/messages`);
    await desk.getByText('No message sent yet.').waitFor();
    await desk.getByLabel('Send to').selectOption('division');
    await desk.getByLabel('Division').selectOption({ label: 'Masters Pairs' });
    await desk.getByLabel('Subject').fill('Parking');
    await desk.locator('#message-body').fill('Park behind the hall.\nThe front lot is for the judges.');
    await desk.getByRole('button', { name: 'Send message' }).click();
    await desk.getByText('No one is in this group: nothing was sent.').waitFor();
    expect(await desk.getByLabel('Subject').inputValue()).toBe('Parking');
    await screenshot(desk, 'messages-console-empty-group-1280');

    await desk.getByLabel('Send to').selectOption('all');
    await desk.getByRole('button', { name: 'Send message' }).click();
    await desk.getByRole('status').filter({ hasText: 'Sent to 2 people (All athletes).' }).waitFor();
    await desk.getByText('2 recipients').click();
    await desk.getByText(/Anna Adler ·/).waitFor();
    await screenshot(desk, 'messages-console-sent-1280');

    const deskPhone = await staffPage(390, 844, `/admin/events/${eventId}/messages`);
    await deskPhone.getByText('2 recipients').waitFor();
    await screenshot(deskPhone, 'messages-console-390');

    const phone = await athletePhone(browser, stack.baseUrl, anna, contexts);
    await phone.goto('/public/me/registrations');
    const banner = phone.getByRole('region', { name: 'From the organisers' });
    await banner.getByText('Parking').waitFor();
    await banner.getByText(/Park behind the hall/).waitFor();
    await screenshot(phone, 'messages-athlete-banner-390');
    const wide = await athletePhone(browser, stack.baseUrl, anna, contexts);
    await wide.setViewportSize({ width: 1280, height: 800 });
    await wide.goto('/public/me/registrations');
    await wide.getByRole('region', { name: 'From the organisers' }).getByText('Parking').waitFor();
    await screenshot(wide, 'messages-athlete-banner-1280');
  });
});
