// An online qualifier's public event page on a phone (docs/qualifiers.md): it says "Online
// qualifier", gives the released workout's release and submission deadline in the event's zone,
// named, and the workout still to come by number and times alone, never its name.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let eventId = '';

describe('the public page of an online qualifier', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, { name: 'Online Open 2026', dateFrom: '2026-03-01', dateTo: '2026-12-31', status: 'PUBLISHED', detailsVisible: true });
    eventId = event.id;
    await event.division('RX Pairs', '');
    const fran = await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    const secret = await event.workout({ name: 'Mystery Chipper', description: 'SEALED-MOVES', scoreType: 'REPS', workoutOrder: 2 });
    await api(stack.baseUrl, session.token, 'PUT', `/events/${eventId}/online`, {
      format: 'online',
      timeZone: 'Europe/Paris',
      workouts: [
        { workoutId: fran.id, releaseAt: '2026-03-05T17:00:00Z', submissionDeadline: '2099-03-09T17:00:00Z' },
        { workoutId: secret.id, releaseAt: '2099-03-12T17:00:00Z', submissionDeadline: '2099-03-16T17:00:00Z' },
      ],
    });
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('says it is online and gives the windows, the held workout by number only', async () => {
    const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`/public/events/${eventId}`);
    await page.getByText('Online qualifier').waitFor();
    await page.getByText('Released 5 Mar 2026, 18:00 (Europe/Paris)').waitFor();
    await page.getByText('Submit by 9 Mar 2099, 18:00 (Europe/Paris)').waitFor();
    const upcoming = page.getByRole('list', { name: 'Workouts still to be released' });
    await upcoming.getByText('Workout 2 releases 12 Mar 2099, 18:00 (Europe/Paris)').scrollIntoViewIfNeeded();
    await upcoming.getByText('Submit by 16 Mar 2099, 18:00 (Europe/Paris)').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toContain('Mystery Chipper');
    expect(text).not.toContain('SEALED-MOVES');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'qualifier-public-page-390');
    expect(takeBrowserProblems()).toEqual([]);
    await context.close();
  });
});
