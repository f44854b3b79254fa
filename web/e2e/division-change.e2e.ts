// A division change on request (docs/registration.md, "Division changes"), against the real
// stack and a real SMTP server (Mailpit): the captain of a pair that paid by hand asks on a
// phone to move to a dearer division; the organiser, on a desktop, finds the request by the
// board's filter, is refused by the new division's eligibility rule, approves past it with a
// reason, and the team then owes the difference, which the organiser marks paid.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athletePhone, type AthleteSession } from './athlete-phone';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { signIn } from './console';
import { api, createEvent, login, type Session } from './events';
import { startMailpit, type Mailpit } from './mailpit';
import { startStack, type Stack } from './stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const PASSWORD = 'division-change-passphrase';

let stack: Stack;
let mailpit: Mailpit;
let browser: Browser;
const contexts: BrowserContext[] = [];
let session: Session;
let eventId = '';
const divisions: Record<string, string> = {};

function linkIn(text: string, page: string): string {
  const match = new RegExp(`https://podium\\.test(${page.replace(/[?/]/g, '\\$&')}\\S+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${page} link in ${text}`);
  return match[1];
}

/** An athlete account through the public API, confirmed by its mail. */
async function signUp(first: string, last: string): Promise<AthleteSession> {
  const email = `${first}.${last}@example.com`.toLowerCase();
  await api(stack.baseUrl, null, 'POST', '/athlete/sign-up', { email, password: PASSWORD, firstName: first, lastName: last });
  const mail = await mailpit.waitFor(email, 'Confirm your email address');
  const token = new URL(linkIn(mail.text, '/public/athlete/verify?'), 'http://x').searchParams.get('token');
  await api(stack.baseUrl, null, 'POST', '/athlete/verify-email', { token });
  const s = await api<{ token: string; expiresAt: string }>(stack.baseUrl, null, 'POST', '/athlete/sign-in', { email, password: PASSWORD });
  return { email, token: s.token, expiresAt: s.expiresAt };
}

beforeAll(async () => {
  mailpit = await startMailpit();
  stack = await startStack({ PODIUM_SMTP_URL: mailpit.smtpUrl, PODIUM_MAIL_FROM: 'Podium <no-reply@podium.test>', PODIUM_PUBLIC_URL: 'https://podium.test' });
  browser = await launchBrowser();
  session = await login(stack.baseUrl, stack.username, stack.password);
  const event = await createEvent(session, { name: 'Ridge Games', dateFrom: '2026-12-12', dateTo: '2026-12-13', location: 'Bern', status: 'PUBLISHED' });
  eventId = event.id;
  for (const [name, fee] of [
    ['RX Pairs', 4000],
    ['Elite Pairs', 6000],
  ] as const) {
    const { division } = await event.division(name, '');
    divisions[name] = division.id;
    await api(stack.baseUrl, session.token, 'PUT', `/divisions/${division.id}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 10,
      feeCents: fee,
      currency: 'EUR',
      waitlist: false,
    });
  }
  // Elite asks for a federation membership the team never gave.
  await api(stack.baseUrl, session.token, 'PUT', `/divisions/${divisions['Elite Pairs']}/eligibility`, { requiresMembership: true });
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await stack?.stop();
  await mailpit?.stop();
});

describe('a division change', () => {
  it('is asked on a phone, approved on a desktop past an eligibility rule, and the difference is paid', async () => {
    const anna = await signUp('Anna', 'Ridge');
    const ben = await signUp('Ben', 'Ridge');
    const reg = await api<{ id: string; shareCode: string }>(stack.baseUrl, anna.token, 'POST', `/registration/events/${eventId}/registrations`, {
      divisionId: divisions['RX Pairs'],
      teamName: 'Ridge Pair',
      partnerEmail: ben.email,
    });
    await api(stack.baseUrl, ben.token, 'POST', '/registration/accept', { code: reg.shareCode });
    await api(stack.baseUrl, session.token, 'POST', `/registrations/${reg.id}/paid`, { method: 'cash' });

    // Anna asks on her phone: the divisions come with their fee; a note for the organiser.
    const phone = await athletePhone(browser, stack.baseUrl, anna, contexts);
    await phone.goto('/public/me/registrations');
    const card = phone.getByTestId('my-registration').filter({ hasText: 'Ridge Pair' });
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Change division…' }).click();
    const form = card.getByTestId('division-change-form');
    await form.getByLabel('New division').selectOption({ label: 'Elite Pairs · 60.00 EUR' });
    await form.getByLabel('Note for the organiser (optional)').fill('We qualified at the regional.');
    await screenshot(phone, 'division-change-form-390');
    await form.getByRole('button', { name: 'Ask the organiser' }).click();
    const request = card.getByTestId('division-change-request');
    await request.getByText('You asked to move to Elite Pairs. The organiser decides.').waitFor();
    await request.getByText('It costs €20.00 more: you pay the difference once approved.').waitFor();
    await screenshot(phone, 'division-change-asked-390');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The organiser's board: the filter finds the request; the new division's rule refuses.
    const desk = await (await browser.newContext({ baseURL: stack.baseUrl, viewport: DESKTOP })).newPage();
    contexts.push(desk.context());
    await desk.goto(`/admin/events/${eventId}/registrations`);
    await signIn(desk, stack);
    await desk.getByLabel('Division change requested (1)').check();
    const row = desk.getByRole('row').filter({ hasText: 'Ridge Pair' }).first();
    await row.getByTestId('change-badge').getByText('Asks to move to Elite Pairs').waitFor();
    const decision = desk.getByTestId('organiser-division-change');
    await decision.getByText('Anna Ridge asks to move team Ridge Pair from RX Pairs to Elite Pairs.').waitFor();
    await decision.getByText('The new division costs €20.00 more: the team will owe the difference.').waitFor();
    await decision.getByRole('button', { name: 'Approve the change' }).click();
    await decision.getByText(/^Not approved: Membership: this division requires a member number of the federation\./).waitFor();
    await decision.getByLabel('Override reason').fill('Membership checked at the desk');
    await screenshot(desk, 'division-change-override-1280');
    await decision.getByRole('button', { name: 'Approve with override' }).click();

    // Moved: the team owes the difference, marked paid by hand.
    await desk.getByLabel('Division change requested (0)').uncheck();
    const moved = desk.getByRole('row').filter({ hasText: 'Ridge Pair' }).first();
    await moved.getByText('difference due: €20.00').waitFor();
    await moved.getByText('Waiting for payment').waitFor();
    await moved.getByRole('cell', { name: 'Elite Pairs', exact: true }).waitFor();
    await screenshot(desk, 'division-change-approved-1280');
    const approved = await mailpit.waitFor(anna.email, 'Team Ridge Pair: moved to Elite Pairs');
    expect(approved.text).toContain('please pay the difference of 20.00 EUR');
    await moved.getByRole('button', { name: 'Paid cash' }).click();
    await moved.getByText('Confirmed').waitFor();
    await expect.poll(() => moved.getByText('difference due').count()).toBe(0);

    // The captain's phone shows the new division, confirmed.
    await phone.reload();
    await card.getByText('Elite Pairs').waitFor();
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await screenshot(phone, 'division-change-done-390');
    expect(takeBrowserProblems()).toEqual([]);
  });
});
