// The event's default language (docs/architecture.md, "Languages"): the organiser picks it in
// the event form's "Language" select, and a viewer whose browser asks for no language Podium
// speaks, and who chose none, sees the event's public page in it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId: string;

async function page(locale: string, phone = false): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    locale,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }),
  });
  contexts.push(context);
  return context.newPage();
}

describe("the event's default language", () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, { name: 'Sprachen Cup', dateFrom: '2026-09-01', dateTo: '2026-09-01', status: 'PUBLISHED' });
    eventId = event.id;
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      for (const [i, c] of contexts.entries()) for (const p of c.pages()) await screenshot(p, `failure-event-language-${i}`);
    }
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await stack?.stop();
  });

  it('is chosen in the event form and shown to a viewer whose browser asks for none Podium speaks', async () => {
    const organiser = await page('en-GB');
    await organiser.goto(`/admin/events/${eventId}/edit`);
    await organiser.waitForURL('**/login');
    await organiser.getByLabel('Username').fill(stack.username);
    await organiser.getByLabel('Password').fill(stack.password);
    await organiser.getByRole('button', { name: 'Sign in' }).click();
    await organiser.waitForURL(`**/admin/events/${eventId}/edit`);
    const select = organiser.locator('#event-language'); // the header's switch is named "Language" too
    await select.waitFor();
    expect(await select.inputValue()).toBe('en');
    expect(await select.locator('option').allTextContents()).toEqual(['English', 'Deutsch', 'Français', 'Español']);
    await select.selectOption('de');
    await screenshot(organiser, 'event-language-form');
    await organiser.getByRole('button', { name: 'Save Changes' }).click();
    await organiser.waitForURL(`**/admin/events/${eventId}`);
    // The console stays in the organiser's language.
    expect(await organiser.evaluate(() => document.documentElement.lang)).toBe('en');

    const viewer = await page('pt-BR', true);
    await viewer.goto(`/public/events/${eventId}`);
    await viewer.getByRole('heading', { name: 'Sprachen Cup' }).waitFor();
    await viewer.waitForFunction(() => document.documentElement.lang === 'de');
    await viewer.getByRole('link', { name: 'Rangliste' }).first().waitFor();
    await screenshot(viewer, 'event-language-public-phone');

    // A browser that asks for English keeps English.
    const english = await page('en-US', true);
    await english.goto(`/public/events/${eventId}`);
    await english.getByRole('heading', { name: 'Sprachen Cup' }).waitFor();
    await english.getByRole('link', { name: 'Leaderboard' }).first().waitFor();
    expect(await english.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
