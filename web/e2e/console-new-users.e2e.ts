// What new users met in the console and at the venue, on a phone and a desk: a Draft event says
// that athletes cannot see it; teams added by hand to a full division are refused until the
// organiser adds them beyond its capacity on purpose; the console header is one short row on a
// phone and the check-in list shows whole names; the TV and the overlays cut a long team name
// with "…" and keep the points on the screen.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { signIn } from './console';
import { api, createEvent, login, saveAndPublish, type Session } from './events';
import { typeInCell } from './grid';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let session: Session;

const call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);

// 43 characters: the name that pushed the TV's points off a 1920 px screen.
const LONG = 'AUD-A Hand Team of the Northern Barbell Club';
const SAME_START = ['AUD-A Hand Team Alpha North', 'AUD-A Hand Team Alpha South', 'AUD-A Hand Team Alpha West'];

async function newPage(width: number, height: number, phone = false): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height }, isMobile: phone, hasTouch: phone });
  contexts.push(context);
  return context.newPage();
}

async function consolePage(width: number, height: number, next: string, phone = false): Promise<Page> {
  const page = await newPage(width, height, phone);
  await page.goto(next);
  await page.waitForURL('**/login');
  await signIn(page, stack);
  await page.waitForURL(`**${next}`);
  return page;
}

describe('the console and the venue for new users', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    session = await login(stack.baseUrl, stack.username, stack.password);
  });

  afterEach(() => {
    expect(takeBrowserProblems()).toEqual([]);
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await stack?.stop();
  });

  it('a Draft event says athletes cannot see it; a full division takes a team by hand only beyond its capacity, on purpose', async () => {
    const event = await createEvent(session, { name: 'Draft Doors Open', dateFrom: '2026-12-12', dateTo: '2026-12-13' });
    const { division } = await event.division('Open Pairs', '', [{ name: 'Hand One' }]);
    await call('PUT', `/divisions/${division.id}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 1,
      currency: 'EUR',
      waitlist: true,
    });

    // The event's page, on a desk and a phone: the banner says what Draft hides.
    const desk = await consolePage(1400, 900, `/admin/events/${event.id}`);
    const banner = desk.getByRole('note', { name: 'Draft event' });
    await banner.getByText('Draft: athletes and spectators cannot see this event.').waitFor();
    await screenshot(desk, 'new-users-draft-event-1400');
    const phone = await consolePage(390, 844, `/admin/events/${event.id}`, true);
    await phone.getByRole('note', { name: 'Draft event' }).waitFor();
    await screenshot(phone, 'new-users-draft-event-390');

    // The division's registration card, where the window looks open.
    await desk.goto(`/admin/divisions/${division.id}`);
    await desk.getByText('This event is a Draft: athletes cannot see it or register, even inside this window.').waitFor();
    await desk.getByText('This event is a Draft: athletes cannot see it or register').scrollIntoViewIfNeeded();
    await screenshot(desk, 'new-users-draft-registration-card-1400');

    // Its one place is taken by Hand One: a second team by hand is refused, named, and kept.
    await desk.goto(`/admin/divisions/${division.id}/teams/grid`);
    await desk.locator('.ht_master table.htCore').waitFor();
    await desk.getByRole('button', { name: 'Add 10 Rows' }).click();
    await typeInCell(desk, 1, 0, 'Hand Two');
    await desk.getByRole('button', { name: 'Save Changes' }).click();
    const checkbox = desk.getByRole('checkbox', { name: "Add beyond the division's capacity" });
    const refusal = desk
      .getByRole('alert')
      .filter({ hasText: 'Open Pairs has 0 of 1 places left: adding 1 team goes beyond its capacity.' })
      .filter({ has: checkbox });
    await refusal.waitFor();
    await screenshot(desk, 'new-users-beyond-capacity-1400');
    const teams = () => call<{ name: string }[]>('GET', `/teams/by-division/${division.id}`);
    expect((await teams()).map((t) => t.name)).toEqual(['Hand One']);

    await checkbox.check();
    await desk.getByRole('button', { name: 'Save Changes' }).click();
    await desk.getByText(/^Saved 1 team: /).waitFor();
    expect((await teams()).map((t) => t.name)).toEqual(['Hand One', 'Hand Two']);
    await desk.goto(`/admin/events/${event.id}/registrations`);
    await desk.getByRole('cell', { name: '0 of 1' }).waitFor();
  });

  it('on a phone the console header is one short row, and check-in shows whole team names', async () => {
    const event = await createEvent(session, { name: 'Door Games', dateFrom: '2026-12-12', dateTo: '2026-12-13', status: 'PUBLISHED' });
    await event.division('Hand Pairs', '', SAME_START.map((name) => ({ name })));
    const door = await consolePage(390, 844, `/admin/events/${event.id}/check-in`, true);
    const rows = door.getByTestId('check-in-team');
    await rows.first().waitFor();
    const header = (await door.locator('header').first().boundingBox())!;
    expect(header.height).toBeLessThanOrEqual(64); // about 7 % of the phone's height, not a quarter
    for (const name of SAME_START) {
      const title = rows.filter({ hasText: name }).getByText(name, { exact: true });
      await title.waitFor();
      // Shown whole: nothing cut off.
      expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await screenshot(door, 'new-users-check-in-390');
    // The menu opens the links folded away.
    await door.getByRole('button', { name: 'Menu' }).click();
    await door.getByRole('banner').getByRole('link', { name: 'Events' }).waitFor();
    await screenshot(door, 'new-users-menu-390');
    const desk = await consolePage(1400, 900, `/admin/events/${event.id}/check-in`);
    await desk.getByRole('banner').getByRole('link', { name: 'Events' }).waitFor();
    expect(await desk.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await screenshot(desk, 'new-users-check-in-1400');
  });

  it('the TV and the overlays cut a 43-character name with "…" and keep the points on a 1920 px screen', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const event = await createEvent(session, { name: 'Long Names Live', dateFrom: today, dateTo: today, status: 'IN_PROGRESS' });
    const { division, teams } = await event.division('Rx', '', [{ name: LONG }, { name: 'Bravo' }, { name: 'Charlie' }]);
    const fran = await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const heats = await call<{ id: string }[]>('POST', `/events/${event.id}/workouts/${fran.id}/heats/generate`, {
      divisionIds: [division.id],
      lanesPerHeat: 4,
      order: 'name',
      firstStart: start,
      minutesBetween: 10,
    });
    await saveAndPublish(session, [
      { teamId: teams.find((t) => t.name === LONG)!.id, workoutId: fran.id, status: 'completed', resultValue: 185 },
      { teamId: teams.find((t) => t.name === 'Bravo')!.id, workoutId: fran.id, status: 'completed', resultValue: 250 },
    ]);

    const tv = await newPage(1920, 1080);
    await tv.goto(`/tv/events/${event.id}?seconds=3`);
    const inside = async (what: string) => {
      const width = await tv.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${what}: the page's width`).toBeLessThanOrEqual(1920);
      for (const li of await tv.getByTestId('tv').getByRole('listitem').all()) {
        const box = (await li.boundingBox())!;
        expect(box.x + box.width, `${what}: a row's right edge`).toBeLessThanOrEqual(1920);
      }
    };
    // The heat on the floor: the long name's lane, its result on the screen.
    await tv.locator('[data-page="heat#1"]').waitFor();
    const lane = tv.getByTestId('lane').filter({ hasText: 'AUD-A' });
    await lane.filter({ hasText: '3:05' }).waitFor();
    await inside('heat page');
    const result = (await lane.getByText('3:05').boundingBox())!;
    expect(result.x + result.width).toBeLessThanOrEqual(1920);
    await screenshot(tv, 'new-users-tv-heat-1920');
    // The overall board.
    await tv.locator(`[data-page="${division.id}#1"]`).waitFor();
    await tv.getByTestId('tv').getByRole('listitem').filter({ hasText: 'AUD-A' }).waitFor();
    await inside('overall page');
    const points = (await tv.getByTestId('tv').getByRole('listitem').filter({ hasText: 'AUD-A' }).getByText('100', { exact: true }).boundingBox())!;
    expect(points.x + points.width).toBeLessThanOrEqual(1920);
    await screenshot(tv, 'new-users-tv-board-1920');

    // The overlays: the name cut with an ellipsis, not clipped bare.
    const cut = async (page: Page) => {
      const name = page.getByText(LONG, { exact: true });
      await name.waitFor();
      // A flex box clips its text bare: the name must sit in a block box of its own.
      return name.evaluate((el) => ({
        overflowing: el.scrollWidth > el.clientWidth,
        ellipsis: getComputedStyle(el).textOverflow,
        display: getComputedStyle(el).display,
      }));
    };
    const overlay = await newPage(1920, 1080);
    await overlay.goto(`/overlay/heats/${heats[0].id}`);
    expect(await cut(overlay)).toEqual({ overflowing: true, ellipsis: 'ellipsis', display: 'block' });
    await screenshot(overlay, 'new-users-overlay-heat-1920');
    await overlay.goto(`/overlay/events/${event.id}/divisions/${division.id}/top?n=3`);
    expect(await cut(overlay)).toEqual({ overflowing: true, ellipsis: 'ellipsis', display: 'block' });
    await screenshot(overlay, 'new-users-overlay-top-1920');
  });
});
