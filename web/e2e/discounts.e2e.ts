// Discount codes (docs/registration.md, "Discount codes"): the organiser adds a code on the
// Registrations page (a refused field says why and keeps what was typed), the athlete types it
// when registering on a phone (an unknown one is refused under the field), the fee owed and
// shown is the lower one, and the registrations board names the code.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import { athletePhone } from './athlete-phone';
import { signUpAthlete } from './athletes';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let adminToken = '';

describe('discount codes', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    adminToken = session.token;
    const event = await createEvent(session, { name: 'Discount Games', dateFrom: '2026-12-05', dateTo: '2026-12-06', status: 'PUBLISHED' });
    eventId = event.id;
    const { division } = await event.division('Open Pairs', '', []);
    await api(stack.baseUrl, adminToken, 'PUT', `/divisions/${division.id}/registration`, {
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

  it('takes the code off the fee the athlete owes and sees', async () => {
    // The organiser adds the code in the console.
    const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
    contexts.push(context);
    const desk = await context.newPage();
    await desk.goto(`/admin/events/${eventId}/registrations`);
    await desk.waitForURL('**/login');
    await desk.getByLabel('Username').fill(stack.username);
    await desk.getByLabel('Password').fill(stack.password);
    await desk.getByRole('button', { name: 'Sign in' }).click();
    await desk.getByText('No discount codes yet.').waitFor();
    await desk.getByLabel('Code').fill('x');
    await desk.getByRole('textbox', { name: 'Percentage off' }).fill('25');
    await desk.getByLabel('Uses').fill('5');
    await desk.getByRole('button', { name: 'Add code' }).click();
    await desk.getByText('Code must be 3 to 32 letters, digits, dashes or underscores').waitFor();
    expect(await desk.getByRole('textbox', { name: 'Percentage off' }).inputValue()).toBe('25');
    await desk.getByLabel('Code').fill('SPRING25');
    await desk.getByRole('button', { name: 'Add code' }).click();
    await desk.getByText('25% off · 0 of 5 used · every division').waitFor();
    await desk.getByRole('button', { name: 'Add code' }).scrollIntoViewIfNeeded();
    await screenshot(desk, 'discounts-card-1280');

    // The athlete registers on a phone: an unknown code is refused under its field, the typed
    // team kept; the right one lowers the fee.
    const anna = await signUpAthlete(stack.baseUrl, adminToken, 'Anna', 'Adler');
    const phone = await athletePhone(browser, stack.baseUrl, anna, contexts);
    await phone.goto(`/public/events/${eventId}`);
    await phone.getByLabel('Team name').fill('Adler & Berg');
    await phone.getByLabel('Discount code').fill('WINTER');
    await phone.getByRole('button', { name: 'Register team' }).click();
    await phone.getByText('The code WINTER is not a discount code of this event').waitFor();
    expect(await phone.getByLabel('Team name').inputValue()).toBe('Adler & Berg');
    await screenshot(phone, 'discounts-register-refused-390');
    await phone.getByLabel('Discount code').fill('spring25');
    await phone.getByRole('button', { name: 'Register team' }).click();
    await phone.getByRole('status').filter({ hasText: 'Team Adler & Berg: Waiting for partner' }).waitFor();
    await phone.goto('/public/me/registrations');
    await phone.getByText('€30.00 with code SPRING25 (€10.00 off) · not paid yet').waitFor();
    await screenshot(phone, 'discounts-my-registrations-390');
    const [mine] = await api<{ feeCents: number; discountCents: number }[]>(stack.baseUrl, anna.token, 'GET', '/registration/mine');
    expect(mine).toMatchObject({ feeCents: 3000, discountCents: 1000 });

    // The board names the code; the card counts its use.
    await desk.reload();
    await desk.getByRole('row', { name: /Adler & Berg/ }).getByText('SPRING25 · €10.00 off').waitFor();
    await desk.getByText('25% off · 1 of 5 used · every division').waitFor();
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.getByRole('button', { name: 'Add code' }).scrollIntoViewIfNeeded();
    await screenshot(desk, 'discounts-card-390');
    expect(await desk.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    expect(takeBrowserProblems()).toEqual([]);
  });
});
