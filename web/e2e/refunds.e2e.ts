// A withdrawal with a refund (docs/registration.md, "Refunds") on a phone: the event's refund
// policy gives back half, the withdrawal dialog says how much before the athlete confirms, the
// refund is then due from the organiser (the fee was paid in cash), who marks it refunded from
// the registrations board.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import { athletePhone } from './athlete-phone';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

type Athlete = { email: string; token: string; expiresAt: string };
type Mine = { id: string; refundState: string; refundCents: number }[];

async function signUp(first: string, last: string): Promise<Athlete> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  const password = 'athlete-e2e-passphrase';
  await api(stack.baseUrl, null, 'POST', '/athlete/sign-up', {
    email,
    password,
    firstName: first,
    lastName: last,
  });
  const box = await call<{ mails: { to: string; text: string }[] }>('GET', '/mail-outbox/auth');
  const link = /\/public\/athlete\/verify\?token=([A-Za-z0-9_%-]+)/.exec(box.mails.find((m) => m.to === email)?.text ?? '')?.[1];
  await api(stack.baseUrl, null, 'POST', '/athlete/verify-email', {
    token: decodeURIComponent(link ?? ''),
  });
  const { token, expiresAt } = await api<{ token: string; expiresAt: string }>(stack.baseUrl, null, 'POST', '/athlete/sign-in', { email, password });
  return { email, token, expiresAt };
}

describe('withdrawing with a refund', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, {
      name: 'Refund Games',
      dateFrom: '2026-12-05',
      dateTo: '2026-12-06',
      status: 'PUBLISHED',
    });
    eventId = event.id;
    const { division } = await event.division('Open Pairs', '', []);
    await call('PUT', `/divisions/${division.id}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 20,
      feeCents: 4000,
      currency: 'EUR',
      waitlist: true,
    });
    // The full refund ended an hour ago; half comes back until tomorrow.
    await call('PUT', `/events/${eventId}/refund-policy`, {
      fullUntil: new Date(Date.now() - 3_600_000).toISOString(),
      partialUntil: new Date(Date.now() + 86_400_000).toISOString(),
      partialPercent: 50,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('says what comes back before the athlete withdraws, and the organiser marks it refunded', async () => {
    const anna = await signUp('Anna', 'Adler');
    const ben = await signUp('Ben', 'Berg');
    const reg = await api<{ id: string; shareCode: string }>(stack.baseUrl, anna.token, 'POST', `/registration/events/${eventId}/registrations`, {
      divisionId: (await call<{ divisions: { divisionId: string }[] }>('GET', `/events/${eventId}/registrations`)).divisions[0]?.divisionId,
      teamName: 'Adler & Berg',
      partnerEmail: '',
    });
    await api(stack.baseUrl, ben.token, 'POST', '/registration/accept', {
      code: reg.shareCode,
    });
    await call('POST', `/registrations/${reg.id}/paid`, { method: 'cash' });

    const phone = await athletePhone(browser, stack.baseUrl, anna, contexts);
    await phone.goto('/public/me/registrations');
    await phone.getByText('40.00 EUR · paid').waitFor();
    await phone.getByRole('button', { name: 'Withdraw…' }).click();
    const line = phone.getByTestId('withdrawal-refund');
    await expect.poll(() => line.textContent()).toBe('€20.00 of €40.00 will be refunded. The organiser pays it back as it was paid.');
    await screenshot(phone, 'refund-withdraw-dialog-390');
    await phone.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await phone.getByText('40.00 EUR · paid · refund of €20.00 due from the organiser').waitFor();
    await screenshot(phone, 'refund-withdrawn-390');

    // The organiser pays it back at the desk and marks it.
    const context = await browser.newContext({
      baseURL: stack.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    contexts.push(context);
    const desk = await context.newPage();
    await desk.goto(`/admin/events/${eventId}/registrations`);
    await desk.waitForURL('**/login');
    await desk.getByLabel('Username').fill(stack.username);
    await desk.getByLabel('Password').fill(stack.password);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    const row = desk.getByRole('row', { name: /Adler & Berg/ });
    await row.getByText('refund due: €20.00').waitFor();
    await screenshot(desk, 'refund-due-organiser-1280');
    await row.getByRole('button', { name: 'Mark refunded' }).click();
    await row.getByText('€20.00 refunded').waitFor();
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.getByRole('button', { name: 'Save refund policy' }).scrollIntoViewIfNeeded();
    await screenshot(desk, 'refund-policy-390');
    const mine = await api<Mine>(stack.baseUrl, anna.token, 'GET', '/registration/mine');
    expect(mine[0]).toMatchObject({
      refundState: 'refunded',
      refundCents: 2000,
    });
    await phone.reload();
    await phone.getByText('40.00 EUR · paid · €20.00 refunded').waitFor();

    expect(takeBrowserProblems()).toEqual([]);
  });
});
