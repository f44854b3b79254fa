// Web Push (docs/competition-day.md, "Web Push"): an athlete allows notifications on My
// registrations, the schedule slips 12 minutes, My heats shows the new time and the local push
// service (e2e/push-service.ts) receives a push it can verify and decrypt. Chromium headless
// cannot reach a real push service, so only here PushManager.subscribe answers a subscription
// to the local one, with keys the test made. Screenshots at 390×844 and 1280×800.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AthleteSession } from './athlete-phone';
import { signUpAthlete } from './athletes';
import { launchBrowser, screenshot } from './browser';
import { api, createEvent, login } from './events';
import { fakePushManager, type FakeSubscription } from './push-browser';
import { startPushService, type PushService } from './push-service';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let push: PushService;
const contexts: BrowserContext[] = [];
let eventId = '';
let workoutId = '';
let anna: AthleteSession;
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

/** The athlete's page with notifications granted and subscribe pointed at the local service. */
async function athletePage(phone: boolean, sub: FakeSubscription): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    timezoneId: 'UTC',
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 800 } }),
  });
  contexts.push(context);
  await context.grantPermissions(['notifications'], { origin: stack.baseUrl });
  await fakePushManager(context, anna, sub);
  return context.newPage();
}

describe('Web Push', () => {
  beforeAll(async () => {
    push = await startPushService();
    stack = await startStack({ PODIUM_PUSH_ALLOWED_ORIGINS: push.origin });
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Push Throwdown', dateFrom: '2026-09-01', dateTo: '2026-09-01', status: 'PUBLISHED' });
    eventId = event.id;
    const { division } = await event.division('RX Pairs', '', [{ name: 'Bravo Burpee' }]);
    await call('PUT', `/divisions/${division.id}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 20,
    });
    anna = await signUpAthlete(stack.baseUrl, session.token, 'Anna', 'Push');
    const ben = await signUpAthlete(stack.baseUrl, session.token, 'Ben', 'Push');
    const reg = await api<{ shareCode: string }>(stack.baseUrl, anna.token, 'POST', `/registration/events/${eventId}/registrations`, {
      divisionId: division.id,
      teamName: 'Zulu Pair',
    });
    await api(stack.baseUrl, ben.token, 'POST', '/registration/accept', { code: reg.shareCode });
    workoutId = (await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 })).id;
    // Bravo in heat 1 at 09:00, Zulu Pair in heat 2 at 09:10.
    await call('POST', `/events/${eventId}/workouts/${workoutId}/heats/generate`, {
      divisionIds: [division.id],
      lanesPerHeat: 1,
      order: 'name',
      firstStart: '2026-09-01T09:00:00Z',
      minutesBetween: 10,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
    await push?.close();
  });

  it('an athlete allows notifications, the schedule slips 12 minutes, the page and a push say so', async () => {
    const phone = await athletePage(true, push.subscribe('/push/anna-phone'));
    await phone.goto('/public/me/registrations');
    const control = phone.getByRole('region', { name: 'Notifications' });
    await control.getByText('Get heat reminders, schedule changes and messages from the organisers').waitFor();
    await screenshot(phone, 'push-off-390');
    await control.getByRole('button', { name: 'Allow notifications' }).click();
    await control.getByText('Notifications are on for this device').waitFor();
    await control.getByRole('button', { name: 'Turn off notifications' }).waitFor();
    await screenshot(phone, 'push-on-390');

    const mine = phone.getByRole('region', { name: 'My heats' });
    await mine.getByText('09:10').waitFor();
    const heats = await call<{ id: string; number: number }[]>('GET', `/events/${eventId}/workouts/${workoutId}/heats`);
    const started = Date.now();
    await call('POST', `/events/${eventId}/heats/shift`, { fromHeatId: heats.find((h) => h.number === 2)?.id, minutes: 12 });
    await mine.getByText('09:22').waitFor({ timeout: 10_000 });
    expect(await mine.locator('s').innerText()).toBe('09:10');
    console.log(`My heats showed the shift ${Date.now() - started} ms after it`);

    for (let i = 0; i < 200 && push.received.length === 0 && push.refused.length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(push.refused).toEqual([]);
    expect(push.received.map((p) => p.path)).toEqual(['/push/anna-phone']);
    console.log(`the push arrived ${Date.now() - started} ms after the shift`);
    const note = JSON.parse(push.received[0].text) as { title: string; body: string; url: string };
    expect(note.title).toBe('Schedule moved +12 min: Fran, heat 2');
    expect(note.body).toContain('Push Throwdown: your heat now starts at 1 Sep 2026, 09:22 (UTC) (planned 09:10).');
    expect(note.url).toBe('/public/me/registrations');

    const desk = await athletePage(false, push.subscribe('/push/anna-desk'));
    await desk.goto('/public/me/registrations');
    await desk.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Allow notifications' }).click();
    await desk.getByText('Notifications are on for this device').waitFor();
    await screenshot(desk, 'push-on-1280');
  });
});
