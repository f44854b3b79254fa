// Online payment (docs/registration.md, "Payment") on a phone, against the real stack and
// Stripe's stripe-mock: the athlete taps "Pay … online", the server's payment worker makes
// the Checkout page and the phone goes there; Stripe's signed webhook confirms the team; the
// organiser sees it paid and refunds it from the board.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import { checkoutCompleted, sendWebhook, startStripeMock, type StripeMock } from './stripe';
import { athletePhone } from './athlete-phone';

let stack: Stack;
let stripe: StripeMock;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

type Athlete = { email: string; token: string; expiresAt: string };
type Mine = { id: string; state: string; checkoutUrl: string; refundState: string }[];

async function signUp(first: string, last: string): Promise<Athlete> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  const password = 'athlete-e2e-passphrase';
  await api(stack.baseUrl, null, 'POST', '/athlete/sign-up', { email, password, firstName: first, lastName: last });
  const box = await call<{ mails: { to: string; text: string }[] }>('GET', '/mail-outbox/auth');
  const link = /\/public\/athlete\/verify\?token=([A-Za-z0-9_%-]+)/.exec(box.mails.find((m) => m.to === email)?.text ?? '')?.[1];
  await api(stack.baseUrl, null, 'POST', '/athlete/verify-email', { token: decodeURIComponent(link ?? '') });
  const { token, expiresAt } = await api<{ token: string; expiresAt: string }>(stack.baseUrl, null, 'POST', '/athlete/sign-in', { email, password });
  return { email, token, expiresAt };
}

async function phoneOf(athlete: Athlete): Promise<Page> {
  const page = await athletePhone(browser, stack.baseUrl, athlete, contexts);
  // stripe-mock makes real Checkout sessions but serves no Checkout page: this stands in for
  // Stripe's hosted page, which the browser would open at checkout.stripe.com.
  await page.context().route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Stripe Checkout</h1>' }),
  );
  return page;
}

describe('paying the entry fee online', () => {
  beforeAll(async () => {
    stripe = await startStripeMock();
    stack = await startStack(stripe.env);
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Card Games', dateFrom: '2026-12-05', dateTo: '2026-12-06', status: 'PUBLISHED' });
    eventId = event.id;
    const { division } = await event.division('Open Pairs', '', []);
    await call('PUT', `/divisions/${division.id}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      refundDeadline: new Date(Date.now() + 86_400_000).toISOString(),
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
    await stripe?.stop();
  });

  it('pays on the phone, is confirmed by the webhook, and is refunded by the organiser', async () => {
    const anna = await signUp('Anna', 'Adler');
    const ben = await signUp('Ben', 'Berg');
    const reg = await api<{ id: string; shareCode: string }>(stack.baseUrl, anna.token, 'POST', `/registration/events/${eventId}/registrations`, {
      divisionId: (await call<{ divisions: { divisionId: string }[] }>('GET', `/events/${eventId}/registrations`)).divisions[0]?.divisionId,
      teamName: 'Adler & Berg',
      partnerEmail: '',
    });
    await api(stack.baseUrl, ben.token, 'POST', '/registration/accept', { code: reg.shareCode });

    const phone = await phoneOf(anna);
    await phone.goto('/public/me/registrations');
    await phone.getByText('Next: Pay the entry fee').waitFor();
    await screenshot(phone, 'payment-due-390');
    await phone.getByRole('button', { name: 'Pay 40.00 EUR online' }).click();
    await phone.waitForURL('https://checkout.stripe.com/**');
    const mine = await api<Mine>(stack.baseUrl, anna.token, 'GET', '/registration/mine');
    expect(mine[0]?.checkoutUrl).toBe(phone.url());

    // Stripe confirms the payment; the page the Checkout page returns to follows it.
    await phone.goto(`/public/me/registrations?paid=${reg.id}`);
    const forged = await sendWebhook(stack.baseUrl, checkoutCompleted('evt_e2e_1', reg.id, 4000, 'eur'), 'whsec_forged');
    expect(forged.status).toBe(400);
    expect((await sendWebhook(stack.baseUrl, checkoutCompleted('evt_e2e_1', reg.id, 4000, 'eur'))).status).toBe(200);
    await phone.getByText('Confirmed', { exact: true }).waitFor();
    await phone.getByText('40.00 EUR · paid').waitFor();
    await phone.getByRole('img', { name: 'Check-in QR code of team Adler & Berg' }).waitFor();
    await screenshot(phone, 'payment-confirmed-390');

    // The organiser sees who paid and refunds from the board.
    const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const desk = await context.newPage();
    await desk.goto(`/admin/events/${eventId}/registrations`);
    await desk.waitForURL('**/login');
    await desk.getByLabel('Username').fill(stack.username);
    await desk.getByLabel('Password').fill(stack.password);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    const row = desk.getByRole('row', { name: /Adler & Berg/ });
    await row.getByText('paid (stripe, Stripe)').waitFor();
    await row.getByRole('button', { name: 'Refund' }).click();
    await row.getByText(/refund of .+ under way|refunded/).waitFor();
    await screenshot(desk, 'payment-organiser-1280');
    await expect
      .poll(async () => (await api<Mine>(stack.baseUrl, anna.token, 'GET', '/registration/mine'))[0]?.refundState, { timeout: 60_000 })
      .toBe('refunded');
    await phone.reload();
    await phone.getByText('40.00 EUR · paid · €40.00 refunded').waitFor();

    expect(takeBrowserProblems()).toEqual([]);
  });
});
