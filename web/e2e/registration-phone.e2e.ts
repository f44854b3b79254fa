// The registration path on a phone, end to end (docs/registration.md, docs/waivers.md), against
// the real stack, a real SMTP server (Mailpit) and Stripe's stripe-mock: a minor registers a
// pair in a division with a fee, a waiver and a refund policy; the guardian accepts by the mailed
// link; the partner joins by the mailed invitation, enters a discount code at payment and pays
// online. The partner then reads what a withdrawal would give back and hands his place to a
// substitute by mail instead: the team stays confirmed and paid throughout, the place never
// empty. At last the new partner withdraws the team, the dialog says what comes back, and
// Stripe refunds it by the policy.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athletePhone } from './athlete-phone';
import { joinWithCode, signUpByMail } from './athletes';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login, type Session } from './events';
import { linkIn, startMailpit, type Mailpit } from './mailpit';
import { startStack, type Stack } from './stack';
import { checkoutCompleted, sendWebhook, startStripeMock, type StripeMock } from './stripe';
import { guardianAccepts, sendWaiverToGuardian } from './waivers';

const PHONE_WIDTH = 390;

let stack: Stack;
let mailpit: Mailpit;
let stripe: StripeMock;
let browser: Browser;
const contexts: BrowserContext[] = [];
let session: Session;
let eventId = '';

type Mine = { id: string; state: string; refundState: string; refundCents: number }[];

/** A signed-in athlete's phone; Stripe's hosted Checkout page is stood in for (stripe-mock
 * makes real sessions but serves no page). */
async function phoneOf(athlete: Parameters<typeof athletePhone>[2]): Promise<Page> {
  const page = await athletePhone(browser, stack.baseUrl, athlete, contexts);
  await page.context().route('https://checkout.stripe.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe Checkout</title><h1>Stripe Checkout</h1>' }),
  );
  return page;
}

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-390`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE_WIDTH);
}

beforeAll(async () => {
  mailpit = await startMailpit();
  stripe = await startStripeMock();
  stack = await startStack({
    ...stripe.env,
    PODIUM_SMTP_URL: mailpit.smtpUrl,
    PODIUM_MAIL_FROM: 'Podium <no-reply@podium.test>',
    PODIUM_PUBLIC_URL: 'https://podium.test',
  });
  browser = await launchBrowser();
  session = await login(stack.baseUrl, stack.username, stack.password);
  const call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
  const event = await createEvent(session, { name: 'Junior Pairs Cup', dateFrom: '2027-03-06', dateTo: '2027-03-06', location: 'Lyon', status: 'PUBLISHED' });
  eventId = event.id;
  const { division } = await event.division('Teen Pairs', '', []);
  await call('PUT', `/divisions/${division.id}/registration`, {
    opensAt: new Date(Date.now() - 3_600_000).toISOString(),
    closesAt: new Date(Date.now() + 86_400_000).toISOString(),
    capacity: 10,
    feeCents: 4000,
    currency: 'EUR',
    waitlist: true,
  });
  await call('PUT', `/events/${eventId}/waiver`, { body: '**Junior Pairs Cup waiver.** I take part at my own risk.' });
  // The full refund ended an hour ago; half comes back until tomorrow.
  await call('PUT', `/events/${eventId}/refund-policy`, {
    fullUntil: new Date(Date.now() - 3_600_000).toISOString(),
    partialUntil: new Date(Date.now() + 86_400_000).toISOString(),
    partialPercent: 50,
  });
  await call('POST', `/events/${eventId}/discount-codes`, { code: 'TEEN10', amountOffCents: 1000, maxUses: 20 });
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await stack?.stop();
  await stripe?.stop();
  await mailpit?.stop();
});

describe('the registration path on a phone', () => {
  it('a minor registers, the guardian accepts, the partner pays, hands his place over, and the team withdraws with a refund', async () => {
    const mia = await signUpByMail(stack.baseUrl, mailpit, 'Mia', 'Young');
    const noah = await signUpByMail(stack.baseUrl, mailpit, 'Noah', 'Stone');
    const sam = await signUpByMail(stack.baseUrl, mailpit, 'Sam', 'Reed');

    // Mia, 15, registers the team from the event page and invites Noah by mail.
    const miaPhone = await phoneOf(mia);
    await miaPhone.goto(`/public/events/${eventId}`);
    await miaPhone.getByLabel('Team name').fill('Young Guns');
    await miaPhone.getByLabel("Partner's email").fill(noah.email);
    await miaPhone.getByRole('button', { name: 'Register team' }).click();
    await miaPhone.getByRole('status').filter({ hasText: 'Team Young Guns: Waiting for partner' }).waitFor();
    await shot(miaPhone, 'phonepath-registered');

    // Her waiver goes to her guardian, who accepts by the mailed link.
    await miaPhone.goto('/public/me/registrations');
    const guardian = 'ella.young@example.com';
    await sendWaiverToGuardian(miaPhone, 'Mia Young', '2011-05-01', guardian);
    await shot(miaPhone, 'phonepath-guardian-pending');
    const waiverMail = await mailpit.waitFor(guardian, 'Waiver for Mia Young at Junior Pairs Cup');
    const guardianPhone = await athletePhone(browser, stack.baseUrl, null, contexts);
    await guardianAccepts(guardianPhone, linkIn(waiverMail.text, '/public/waiver/guardian/'), 'Mia Young', 'Junior Pairs Cup', 'Ella Young',
      'Junior Pairs Cup waiver.', 'phonepath-guardian');
    await miaPhone.reload();
    await miaPhone.getByText('Waiver accepted (version 1).').waitFor();

    // Noah joins from the invitation mail.
    const invitation = await mailpit.waitFor(noah.email, 'Mia Young invites you to team Young Guns');
    const code = new URL(linkIn(invitation.text, '/public/registration/accept?'), 'http://x').searchParams.get('code') ?? '';
    const noahPhone = await phoneOf(noah);
    await joinWithCode(noahPhone, code, 'Young Guns');

    // He pays on My registrations: a discount code first (a wrong one is refused under its
    // field and stays typed), then the lower fee online.
    await noahPhone.goto('/public/me/registrations');
    const noahCard = noahPhone.getByTestId('my-registration').filter({ hasText: 'Young Guns' });
    await noahCard.getByText('Next: Pay the entry fee').waitFor();
    await noahCard.getByText('40.00 EUR · not paid yet').waitFor();
    await noahCard.getByRole('button', { name: 'I have a discount code' }).click();
    await noahCard.getByLabel('Discount code').fill('WINTER');
    await noahCard.getByRole('button', { name: 'Apply code' }).click();
    await noahCard.getByText('The code WINTER is not a discount code of this event').waitFor();
    expect(await noahCard.getByLabel('Discount code').inputValue()).toBe('WINTER');
    await noahCard.getByRole('button', { name: 'Pay 40.00 EUR online' }).waitFor();
    await shot(noahPhone, 'phonepath-discount-refused');
    await noahPhone.setViewportSize({ width: 1280, height: 800 });
    await screenshot(noahPhone, 'phonepath-discount-refused-1280');
    await noahPhone.setViewportSize({ width: PHONE_WIDTH, height: 844 });
    await noahCard.getByLabel('Discount code').fill('teen10');
    await noahCard.getByRole('button', { name: 'Apply code' }).click();
    await noahCard.getByText('€30.00 with code TEEN10 (€10.00 off) · not paid yet').waitFor();
    expect(await noahCard.getByRole('button', { name: 'I have a discount code' }).count()).toBe(0);
    await shot(noahPhone, 'phonepath-discount-applied');
    await noahCard.getByRole('button', { name: 'Pay 30.00 EUR online' }).click();
    await noahPhone.waitForURL('https://checkout.stripe.com/**');
    const [reg] = await api<Mine>(stack.baseUrl, noah.token, 'GET', '/registration/mine');
    const id = reg?.id ?? '';
    await noahPhone.goto(`/public/me/registrations?paid=${id}`);
    expect((await sendWebhook(stack.baseUrl, checkoutCompleted('evt_phonepath_1', id, 3000, 'eur'))).status).toBe(200);
    await noahCard.getByText('Confirmed', { exact: true }).waitFor();
    await noahCard.getByText('€30.00 with code TEEN10 (€10.00 off) · paid').waitFor();
    const receipt = await mailpit.waitFor(noah.email, 'Receipt: entry fee of team Young Guns');
    expect(receipt.text).toContain('Amount paid: 30.00 EUR');
    await shot(noahPhone, 'phonepath-paid');

    // Noah is injured. The withdrawal dialog says what would come back; he keeps the team and
    // hands his place to Sam by mail instead.
    await noahCard.getByRole('button', { name: 'Withdraw…' }).click();
    await expect.poll(() => noahCard.getByTestId('withdrawal-refund').textContent()).toBe('€15.00 of €30.00 will be refunded.');
    await shot(noahPhone, 'phonepath-withdraw-dialog');
    await noahCard.getByRole('button', { name: 'Keep' }).click();
    await noahCard.getByRole('button', { name: 'Transfer my place…' }).click();
    await noahCard.getByLabel("New athlete's email").fill(sam.email);
    await noahCard.getByRole('button', { name: 'Send the link' }).click();
    await noahCard.getByTestId('transfer-offer').getByText(/Noah Stone's place is offered to sam\.reed@example\.com until /).waitFor();
    await shot(noahPhone, 'phonepath-transfer-offered');

    // Until Sam accepts the place is Noah's: the team is confirmed and paid all along.
    const miaCard = miaPhone.getByTestId('my-registration').filter({ hasText: 'Young Guns' });
    await miaPhone.reload();
    await miaCard.getByText('Mia Young & Noah Stone').waitFor();
    await miaCard.getByText('Confirmed', { exact: true }).waitFor();

    const offer = await mailpit.waitFor(sam.email, 'Noah Stone offers you a place on team Young Guns');
    const samPhone = await phoneOf(sam);
    await samPhone.goto(linkIn(offer.text, '/public/registration/transfer?'));
    await samPhone.getByTestId('transfer-about').getByText('Team Young Guns · Teen Pairs').waitFor();
    await samPhone.getByRole('button', { name: 'Take the place' }).click();
    await samPhone.getByTestId('transfer-accepted').getByText('You are on team Young Guns (Junior Pairs Cup, Teen Pairs).').waitFor();
    await shot(samPhone, 'phonepath-transfer-accepted');

    await miaPhone.reload();
    await miaCard.getByText('Mia Young & Sam Reed').waitFor();
    await miaCard.getByText('Confirmed', { exact: true }).waitFor();
    await miaCard.getByText('€30.00 with code TEEN10 (€10.00 off) · paid').waitFor();
    await shot(miaPhone, 'phonepath-substitute-on-team');
    expect((await mailpit.waitFor(noah.email, 'You are no longer on team Young Guns')).text).toContain('Sam Reed accepted your place');
    await noahPhone.reload();
    await noahPhone.getByText('No registrations yet.').waitFor();

    // Later Sam, the partner now, withdraws the team: the dialog says half comes back, and
    // Stripe refunds it to the card.
    await samPhone.goto('/public/me/registrations');
    const samCard = samPhone.getByTestId('my-registration').filter({ hasText: 'Young Guns' });
    await samCard.getByRole('button', { name: 'Withdraw…' }).click();
    await expect.poll(() => samCard.getByTestId('withdrawal-refund').textContent()).toBe('€15.00 of €30.00 will be refunded.');
    await samCard.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await samCard.getByText(/€30\.00 with code TEEN10 \(€10\.00 off\) · paid · (refund of €15\.00 under way|€15\.00 refunded)/).waitFor();
    const withdrawn = await mailpit.waitFor(mia.email, 'Team Young Guns: Withdrawn');
    expect(withdrawn.text).toContain('15.00 EUR of the entry fee of 30.00 EUR will be refunded to the card it was paid with.');
    await expect
      .poll(async () => (await api<Mine>(stack.baseUrl, mia.token, 'GET', '/registration/mine'))[0]?.refundState, { timeout: 60_000 })
      .toBe('refunded');
    await samPhone.reload();
    await samCard.getByText('€30.00 with code TEEN10 (€10.00 off) · paid · €15.00 refunded').waitFor();
    await shot(samPhone, 'phonepath-refunded');

    expect(takeBrowserProblems()).toEqual([]);
  });
});
