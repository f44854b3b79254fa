// Judge links (docs/judging.md): the organiser makes judge cards with QR codes on the console;
// a card's phone, without an account, goes offline, takes 5 scores, is reloaded, comes back
// online: 5 results stored once each, in order. A value someone else entered meanwhile is shown
// beside the judge's and the judge chooses; a revoked card says so.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let contexts: BrowserContext[] = [];
let phoneContext: BrowserContext;
let phone: Page;
let eventId: string;
let workoutId: string;
let heat: { id: string; lanes: { lane: number; teamId: string; teamName: string }[] };
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

type Row = { id: string | null; teamId: string; resultText: string; updatedAt: string };
const grid = async () => (await call<{ rows: Row[] }>('GET', `/events/${eventId}/results?workoutId=${workoutId}`)).rows;

/** Waits for cond, polling; the machine may be slow, so the wait is long and the poll short. */
async function until(what: string, cond: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Enters a time for a lane on the judge link's screen: lane, digits, Confirm, Save. */
async function score(lane: number, digits: string): Promise<void> {
  await phone.getByRole('navigation', { name: 'Heat 1 lanes' }).getByRole('button').nth(lane - 1).click();
  await phone.getByLabel('Time').fill(digits);
  await phone.getByRole('button', { name: 'Confirm' }).click();
  await phone.getByRole('button', { name: 'Save' }).click();
  await phone.getByRole('navigation', { name: 'Heat 1 lanes' }).waitFor();
}

describe('judge links', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Card Games', dateFrom: '2099-09-01', dateTo: '2099-09-01', status: 'PUBLISHED' });
    eventId = event.id;
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((n) => ({ name: `${n} Team` }));
    const { division } = await event.division('Elite', '', names);
    workoutId = (await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 900, workoutOrder: 1 })).id;
    [heat] = await call<(typeof heat)[]>('POST', `/events/${eventId}/workouts/${workoutId}/heats/generate`, {
      divisionIds: [division.id], lanesPerHeat: 5, order: 'name', firstStart: '2099-09-01T09:00:00Z', minutesBetween: 10,
    });
    phoneContext = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    contexts = [phoneContext];
    phone = await phoneContext.newPage();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && phone) await screenshot(phone, `failure-judge-link-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await stack?.stop();
  });

  it('the organiser makes one judge card per lane of a heat, with QR codes to print', async () => {
    const desk = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
    contexts.push(desk);
    const page = await desk.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill(stack.username);
    await page.getByLabel('Password').fill(stack.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/events');
    await page.goto(`/admin/events/${eventId}/judge-links?workout=${workoutId}&heat=${heat.id}`);
    await page.getByLabel('Heat').selectOption({ label: 'Heat 1' });
    await page.getByRole('button', { name: 'Make Judge Cards' }).click();
    const cards = page.getByRole('article', { name: /Judge card Heat 1 · Lane/ });
    await until('five cards', async () => (await cards.count()) === 5);
    await page.getByRole('img', { name: 'QR code of judge card Heat 1 · Lane 5' }).waitFor();
    // A card names its heat's time and its lane's team, for the judge to find the lane without the QR.
    const lane3 = page.getByRole('article', { name: 'Judge card Heat 1 · Lane 3' });
    await lane3.getByText(/^Heat 1 · \d{1,2}:\d{2}/).waitFor();
    await lane3.getByRole('list', { name: 'Teams' }).getByText('Lane 3: Charlie Team').waitFor();
    await page.getByRole('cell', { name: 'Heat 1 · Lane 3' }).waitFor(); // in the list of links in use
    // Under the QR code, the code to type when it will not scan.
    await lane3.getByText(/^[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/).waitFor();
    await lane3.getByText(`Can't scan? Open ${new URL(stack.baseUrl).host}/judge/code and type this code`).waitFor();
    await screenshot(page, 'judge-cards-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'judge-cards-phone');
    // Revoke all: the list empties.
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Revoke All' }).click();
    await page.getByText('No judge links in use.').waitFor();
  });

  it('a judge whose phone will not scan types the card’s code and reaches the card’s lanes', async () => {
    const [link] = (await call<{ links: { code: string }[] }>('POST', `/events/${eventId}/judge-links`, { workoutId, heatId: heat.id, stations: [{ lanes: [2] }] })).links;
    const own = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    contexts.push(own);
    const judge = await own.newPage();
    await judge.goto('/judge/code');
    const field = judge.getByLabel('Card code');
    await field.fill('ABCD-EFGH');
    await judge.getByRole('button', { name: 'Open' }).click();
    await judge.getByRole('alert').getByText('This code is not valid').waitFor();
    expect(await field.inputValue()).toBe('ABCD-EFGH'); // what was typed stays, to correct it
    await screenshot(judge, 'judge-code-refused-phone');

    await field.fill(link!.code.replace('-', ' ').toLowerCase()); // as a judge types it
    await screenshot(judge, 'judge-code-typed-phone');
    await judge.getByRole('button', { name: 'Open' }).click();
    await judge.getByRole('heading', { name: 'Judge · Heat 1 · Lane 2' }).waitFor();
    expect(new URL(judge.url()).pathname).toBe('/judge/link');
    const lanes = judge.getByRole('navigation', { name: 'Heat 1 lanes' }).getByRole('button');
    expect(await lanes.count()).toBe(1);
    await lanes.first().getByText('Bravo Team').waitFor();
    await screenshot(judge, 'judge-code-lanes-phone');
    takeBrowserProblems(); // the refused code's 404 is the point
  });

  it('offline: 5 scores survive a reload and are stored once each, in order, when the network is back', async () => {
    const [link] = (await call<{ links: { token: string }[] }>('POST', `/events/${eventId}/judge-links`, { workoutId, heatId: heat.id, stations: [{ lanes: [] }] })).links;
    await phone.goto(`/judge/link#${link!.token}`);
    await phone.getByRole('heading', { name: 'Judge · Heat 1 · All lanes' }).waitFor();
    expect(phone.url()).not.toContain(link!.token); // the secret leaves the address bar
    // The service worker installs from the first visit (a reload before it has would start its
    // registration over), then controls the page and holds the screen's files.
    await until('the service worker installed', () => phone.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), 90_000);
    await phone.reload();
    await until('the service worker', () => phone.evaluate(async () => Boolean(navigator.serviceWorker.controller) && (await caches.has('podium-judge-v1'))), 90_000);
    await until('the judge files cached', () =>
      phone.evaluate(async () => (await (await caches.open('podium-judge-v1')).keys()).filter((r) => r.url.includes('/assets/')).length >= 2),
    );

    await phoneContext.setOffline(true);
    await phone.getByText('Offline — scores are kept on this phone').waitFor();
    const digits = ['501', '502', '503', '504', '505'];
    for (const [i, d] of digits.entries()) await score(i + 1, d);
    await phone.getByText('5 scores waiting to send').waitFor();
    await screenshot(phone, 'judge-link-offline-phone');

    await phone.reload(); // offline: the service worker serves the screen, IndexedDB the scores
    await phone.getByText('5 scores waiting to send').waitFor();
    expect((await grid()).filter((r) => r.id).length).toBe(0);

    await phoneContext.setOffline(false);
    await phone.getByText('All sent').waitFor({ timeout: 30_000 });
    const rows = (await grid()).filter((r) => r.id);
    expect(rows.length).toBe(5);
    const byLane = heat.lanes.map((l) => rows.find((r) => r.teamId === l.teamId));
    expect(byLane.map((r) => r?.resultText)).toEqual(['5:01', '5:02', '5:03', '5:04', '5:05']);
    const times = byLane.map((r) => Date.parse(r!.updatedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times); // sent in the order entered
    const problems = takeBrowserProblems().filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|judge-sw/.test(p.text));
    expect(problems).toEqual([]);
  });

  it('a value someone else entered is shown beside the judge’s, and the judge chooses', async () => {
    // The organiser corrects lane 2 while the judge's phone still shows 5:02.
    await call('POST', `/heats/${heat.id}/lanes/2/result`, { resultValue: 330 });
    await score(2, '600');
    await phone.getByText('Someone else entered another value').waitFor();
    await phone.getByText('On record now:').waitFor();
    await phone.getByRole('button', { name: 'Keep 5:30' }).waitFor();
    await screenshot(phone, 'judge-link-conflict-phone');
    // The lane list says so at the top too: never "✓ entered" while the choice waits below.
    const lane2Button = phone.getByRole('navigation', { name: 'Heat 1 lanes' }).getByRole('button', { name: /Bravo Team/ });
    await lane2Button.getByText('⚠ conflict: choose below').waitFor();
    expect(await lane2Button.innerText()).not.toContain('✓ entered');
    await phone.getByRole('button', { name: 'Keep mine (6:00)' }).click();
    await phone.getByText('All sent').waitFor();
    const lane2 = (await grid()).find((r) => r.teamId === heat.lanes[1]!.teamId);
    expect(lane2?.resultText).toBe('6:00');
    // The lane shows the server's value once it has read the sheet again.
    await phone.getByRole('navigation', { name: 'Heat 1 lanes' }).getByRole('button', { name: /Bravo Team\s*6:00/ }).waitFor();
  });

  it('a revoked card says so, and keeps what the phone holds', async () => {
    // Revoked while the phone was off the network: told as soon as it is back, before any save.
    await phoneContext.setOffline(true);
    await call('POST', `/events/${eventId}/judge-links/revoke`);
    await phoneContext.setOffline(false);
    await phone.getByText('This judge link was revoked or has expired').first().waitFor({ timeout: 10_000 });
    // And on a reload.
    await phone.reload();
    await phone.getByText('This judge link was revoked or has expired').first().waitFor();
    await phone.getByText('All sent').waitFor();
    takeBrowserProblems(); // the refused sheet (401) is the point here
  });
});
