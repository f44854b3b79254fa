// The crew on the day (docs/crew.md, "The day-of board", "A judge's packet") in a browser: the
// organiser's board shows the places of the next heats, a gap in red and the judges placed there
// late until checked in; a check-in made elsewhere shows without a reload; a standby judge checked
// in is moved into the gap; the judge's packet to print lists their heats and the workout's
// standards, from the console at a desk and from their own link on a phone.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
const ids = new Map<string, string>();
let heat1 = '';

type Slot = { heatId: string; lane: number; volunteerId: string; judgeName: string; startsAt: string };
type Rotation = { slots: Slot[]; standby: { volunteerId: string; name: string }[] };

async function organiserPage(width: number, height: number, next: string): Promise<Page> {
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

/** Whether the page is wider than its viewport (something overflows). */
const overflows = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('the crew on the day', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    // Today, with the first heat ten minutes from now: the board looks 30 minutes ahead.
    const first = new Date(Date.now() + 10 * 60_000);
    first.setUTCSeconds(0, 0);
    const today = first.toISOString().slice(0, 10);
    const event = await createEvent(session, { name: 'Crew Day', dateFrom: today, dateTo: today, status: 'PUBLISHED' });
    eventId = event.id;
    const { division } = await event.division('Open', '', [{ name: 'Alpha' }, { name: 'Bravo' }, { name: 'Charlie' }, { name: 'Delta' }]);
    const fran = await event.workout({
      name: 'Fran',
      scoreType: 'TIME',
      timeCapSeconds: 600,
      workoutOrder: 1,
      description: '**Thrusters**: hips and knees fully open at the top.\n\n**Pull-ups**: chin over the bar.',
    });
    await call('POST', `/events/${eventId}/workouts/${fran.id}/heats/generate`, {
      divisionIds: [division.id],
      lanesPerHeat: 2,
      order: 'name',
      firstStart: first.toISOString(),
      minutesBetween: 15,
    });
    const credential = { course: 'Judges Course', level: 1, number: 'JC-1', validUntil: '2099-12-31' };
    for (const [name, role] of [['Hana Head', 'head_judge'], ['Ivo Lane', 'judge'], ['Kim Lane', 'judge'], ['Noa Lane', 'judge'], ['Pia Lane', 'judge'], ['Uma Lane', 'judge']]) {
      const v = await call<{ id: string }>('POST', `/crew/events/${eventId}/volunteers`, {
        name,
        email: `${name.split(' ')[0].toLowerCase()}@example.com`,
        roles: [role],
        credential,
      });
      ids.set(name, v.id);
    }
    const rotation = await call<Rotation>('POST', `/events/${eventId}/crew/rotation/generate`, { heatMinutes: 10, restAfter: 3 });
    heat1 = rotation.slots[0].heatId;
    // Lane 1 of the first heat left without a judge: the gap to fill on the day.
    await call('PUT', `/events/${eventId}/crew/rotation/heats/${heat1}/lanes/1`, { volunteerId: '' });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('shows who is late and the gaps, and moves a standby judge in', async () => {
    const rotation = await call<Rotation>('GET', `/events/${eventId}/crew/rotation`);
    const standby = rotation.standby[0];
    expect(standby, 'a judge without a place').toBeTruthy();
    const lane2 = rotation.slots.find((s) => s.heatId === heat1 && s.lane === 2);
    expect(lane2?.judgeName).toBeTruthy();

    const desk = await organiserPage(1280, 800, `/admin/events/${eventId}/crew`);
    await desk.getByRole('link', { name: 'Day-of board' }).click();
    await desk.waitForURL(`**/admin/events/${eventId}/crew/board`);
    const gap = desk.getByTestId('board-gap');
    await gap.first().waitFor();
    expect(await gap.count()).toBe(1);
    expect(await gap.innerText()).toContain('Gap');
    expect(await gap.evaluate((el) => getComputedStyle(el).borderTopColor)).toMatch(/^(rgb\(2[0-9]{2}, [0-9]{1,2}, [0-9]{1,2}\)|oklch\(0\.6)/);
    await gap.getByText('No judge is on standby: check one in first.').waitFor();
    const row = (name: string) => desk.getByTestId('board-judge').filter({ hasText: name });
    await row(lane2!.judgeName).getByText('Late').waitFor();

    // A check-in at the door (another screen) shows here without a reload.
    const started = Date.now();
    await call('PUT', `/events/${eventId}/crew/board/volunteers/${lane2!.volunteerId}/check-in`, { checkedIn: true });
    await row(lane2!.judgeName).getByText('Checked in').waitFor({ timeout: 30_000 });
    console.log(`a check-in elsewhere showed after ${Date.now() - started} ms`);
    expect(await row(lane2!.judgeName).getByText('Late').count()).toBe(0);

    // The standby judge checked in here, then moved into the gap.
    await row(standby.name).getByRole('button', { name: 'Check in' }).click();
    await row(standby.name).getByText('Standby').waitFor();
    await gap.getByLabel('Standby judge').selectOption({ label: standby.name });
    await screenshot(desk, 'crew-board-1280');
    expect(await overflows(desk)).toBe(false);
    await gap.getByRole('button', { name: 'Move in' }).click();
    await desk.getByTestId('board-gap').waitFor({ state: 'detached' });
    await desk.getByText('Every place has a judge.').waitFor();
    const after = await call<Rotation>('GET', `/events/${eventId}/crew/rotation`);
    expect(after.slots.find((s) => s.heatId === heat1 && s.lane === 1)?.volunteerId).toBe(standby.volunteerId);

    // The board on a phone.
    const small = await organiserPage(390, 844, `/admin/events/${eventId}/crew/board`);
    await small.getByTestId('board-judge').first().waitFor();
    await screenshot(small, 'crew-board-390');
    expect(await overflows(small)).toBe(false);

    // The packet from the board: the judge's heats and the workout's standards.
    await row(standby.name).getByRole('link', { name: `${standby.name}'s packet to print` }).click();
    await desk.waitForURL(`**/crew/packet/${standby.volunteerId}`);
    await desk.getByRole('heading', { name: `Judge’s packet: ${standby.name}` }).waitFor();
    await desk.getByTestId('packet-place').first().waitFor();
    await desk.getByRole('heading', { name: 'Fran: movement standards' }).waitFor();
    await desk.getByText('hips and knees fully open at the top').waitFor();
    await screenshot(desk, 'crew-packet-1280');
    expect(await overflows(desk)).toBe(false);
    // Printed, only the packet shows: the console around it is hidden.
    await desk.emulateMedia({ media: 'print' });
    expect(await desk.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await desk.locator('.judge-packet').isVisible()).toBe(true);
    await desk.emulateMedia({ media: 'screen' });

    // The judge's own packet on a phone, from their volunteer page.
    const box = await call<{ mails: { to: string; text: string }[] }>('GET', '/mail-outbox/competition');
    const email = `${standby.name.split(' ')[0].toLowerCase()}@example.com`;
    const key = /\/public\/volunteer\/([A-Za-z0-9_-]+)/.exec(box.mails.find((m) => m.to === email)?.text ?? '')?.[1];
    expect(key, 'the volunteer link').toBeTruthy();
    const phoneContext = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    contexts.push(phoneContext);
    const phone = await phoneContext.newPage();
    await phone.goto(`/public/volunteer/${key}`);
    await phone.getByRole('link', { name: 'My packet to print' }).click();
    await phone.getByRole('heading', { name: `Judge’s packet: ${standby.name}` }).waitFor();
    await phone.getByText('chin over the bar').waitFor();
    expect(await phone.getByTestId('packet-place').allInnerTexts()).toEqual(await desk.getByTestId('packet-place').allInnerTexts());
    await screenshot(phone, 'crew-packet-390');
    expect(await overflows(phone)).toBe(false);

    expect(takeBrowserProblems()).toEqual([]);
  });
});
