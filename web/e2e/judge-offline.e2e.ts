// The staff judge screen offline (docs/judging.md): a signed-in scorer's phone goes offline,
// takes 5 scores, is reloaded (the service worker and the phone's copies show the screen and
// what waits), comes back online: 5 results stored once each, in order, and the phone keeps
// none it has sent. A 401 while scores wait keeps them; the sign-in after it sends them. A value
// someone else entered meanwhile is shown beside the judge's, and the judge chooses. Signing out
// deletes the screen's kept reads but not the scores that wait: the next sign-in sends them.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let phoneContext: BrowserContext;
let phone: Page;
let eventId: string;
let workoutId: string;
let heat: { id: string; lanes: { lane: number; teamId: string; teamName: string }[] };
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
const JUDGE = { username: 'floor-judge', password: 'floor-judge-passphrase' };

type Row = { id: string | null; teamId: string; resultText: string; updatedAt: string };
const grid = async () => (await call<{ rows: Row[] }>('GET', `/events/${eventId}/results?workoutId=${workoutId}`)).rows;
const laneTexts = async () => {
  const rows = await grid();
  return heat.lanes.map((l) => rows.find((r) => r.teamId === l.teamId && r.id)?.resultText ?? '');
};

/** Waits for cond, polling; the machine may be slow, so the wait is long and the poll short. */
async function until(what: string, cond: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The phone's IndexedDB scores: what the queue still holds. */
const storedScores = () =>
  phone.evaluate(
    () =>
      new Promise<{ state: string; text: string }[]>((resolve, reject) => {
        const req = indexedDB.open('podium-judge', 1);
        req.onerror = () => reject(req.error);
        req.onsuccess = () => {
          const get = req.result.transaction('scores').objectStore('scores').getAll();
          get.onsuccess = () => resolve(get.result as { state: string; text: string }[]);
          get.onerror = () => reject(get.error);
        };
      }),
  );

/** Enters a time for a lane on the staff judge screen: lane, digits, Confirm, Save, back to the lanes. */
async function score(lane: number, digits: string, outcome: RegExp): Promise<void> {
  await phone.getByRole('navigation', { name: 'Lanes' }).getByRole('button').nth(lane - 1).click();
  await phone.getByLabel('Time').fill(digits);
  await phone.getByRole('button', { name: 'Confirm' }).click();
  await phone.getByRole('button', { name: 'Save', exact: true }).click();
  await phone.getByText(outcome).first().waitFor();
  await phone.getByRole('button', { name: /Heat 1 lanes/ }).click();
  await phone.getByRole('navigation', { name: 'Lanes' }).waitFor();
}

async function signIn(): Promise<void> {
  await phone.waitForURL('**/login');
  await phone.getByLabel('Username').fill(JUDGE.username);
  await phone.getByLabel('Password').fill(JUDGE.password);
  await phone.getByRole('button', { name: 'Sign in' }).click();
  await phone.waitForURL('**/judge?**');
}

describe('the staff judge screen offline', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Floor Games', dateFrom: '2099-09-01', dateTo: '2099-09-01', status: 'PUBLISHED' });
    eventId = event.id;
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo'].map((n) => ({ name: `${n} Team` }));
    const { division } = await event.division('Elite', '', names);
    workoutId = (await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 900, workoutOrder: 1 })).id;
    [heat] = await call<(typeof heat)[]>('POST', `/events/${eventId}/workouts/${workoutId}/heats/generate`, {
      divisionIds: [division.id], lanesPerHeat: 5, order: 'name', firstStart: '2099-09-01T09:00:00Z', minutesBetween: 10,
    });
    const user = await call<{ id: string }>('POST', '/users', { ...JUDGE, role: 'scorer' });
    await call('PUT', `/events/${eventId}/access/${user.id}`, { role: 'scorer' });

    phoneContext = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    phone = await phoneContext.newPage();
    await phone.goto(`/judge?event=${eventId}&workout=${workoutId}&heat=${heat.id}`);
    await signIn();
    await phone.getByRole('navigation', { name: 'Lanes' }).waitFor();
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && phone) await screenshot(phone, `failure-judge-offline-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await phoneContext?.close();
    await browser?.close();
    await stack?.stop();
  });

  it('offline: 5 scores survive a reload and are stored once each, in order, when the network is back', async () => {
    // The service worker installs from the first visit (a reload before it has would start its
    // registration over), then controls the page and holds the screen's files.
    await until('the service worker installed', () => phone.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active)), 90_000);
    expect(await phone.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(`${stack.baseUrl}/judge`);
    await phone.reload();
    await until('the service worker', () => phone.evaluate(async () => Boolean(navigator.serviceWorker.controller) && (await caches.has('podium-judge-v1'))), 90_000);
    await until('the judge files cached', () =>
      phone.evaluate(async () => (await (await caches.open('podium-judge-v1')).keys()).filter((r) => r.url.includes('/assets/')).length >= 2),
    );
    await phone.getByRole('navigation', { name: 'Lanes' }).waitFor();

    await phoneContext.setOffline(true);
    await phone.getByText('Offline — scores are kept on this phone').waitFor();
    const digits = ['501', '502', '503', '504', '505'];
    for (const [i, d] of digits.entries()) await score(i + 1, d, /Not saved: 5:0/);
    await phone.getByText('5 scores waiting to send').waitFor();
    await phone.getByRole('button', { name: /Echo Team\s*5:05\s*waiting/ }).waitFor();
    await screenshot(phone, 'judge-offline-staff-waiting');

    // Offline: the service worker serves the screen, the phone's copy its lanes, IndexedDB the scores.
    await phone.reload();
    await phone.getByText('5 scores waiting to send').waitFor();
    await phone.getByRole('button', { name: /Echo Team\s*5:05\s*waiting/ }).waitFor();
    await screenshot(phone, 'judge-offline-staff-reloaded');
    expect((await grid()).filter((r) => r.id).length).toBe(0);
    // No console data comes from the worker's cache: only pages and the app's files.
    expect(await phone.evaluate(async () => (await (await caches.open('podium-judge-v1')).keys()).filter((r) => r.url.includes('/api/')).length)).toBe(0);

    await phoneContext.setOffline(false);
    await phone.getByText('All sent').waitFor({ timeout: 30_000 });
    const rows = (await grid()).filter((r) => r.id);
    expect(rows.length).toBe(5);
    const byLane = heat.lanes.map((l) => rows.find((r) => r.teamId === l.teamId));
    expect(byLane.map((r) => r?.resultText)).toEqual(['5:01', '5:02', '5:03', '5:04', '5:05']);
    const times = byLane.map((r) => Date.parse(r!.updatedAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times); // sent in the order entered
    // Once each: every result's history holds the one entry of its score.
    for (const r of byLane) expect((await call<{ entries: unknown[] }>('GET', `/results/${r!.id}/history`)).entries.length).toBe(1);
    // The server has them: the phone keeps none of them.
    expect(await storedScores()).toEqual([]);
    await phone.getByRole('button', { name: /Echo Team\s*✓ entered/ }).waitFor();
    await screenshot(phone, 'judge-offline-staff-all-sent');
    const problems = takeBrowserProblems().filter((p) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|judge-sw/.test(p.text));
    expect(problems).toEqual([]);
  });

  it('a 401 while scores wait keeps them; signing in again sends them', async () => {
    await phoneContext.setOffline(true);
    await score(1, '601', /Not saved: 6:01/);
    await score(2, '602', /Not saved: 6:02/);
    await phone.getByText('2 scores waiting to send').waitFor();
    // The session ends on the server (signed out elsewhere) while the phone is offline.
    const token = await phone.evaluate(() => localStorage.getItem('podium.token'));
    await api(stack.baseUrl, token, 'POST', '/auth/logout', {});

    await phoneContext.setOffline(false);
    await phone.waitForURL('**/login'); // the first send answers 401: the app asks for the sign-in
    expect((await storedScores()).map((s) => `${s.state} ${s.text}`).sort()).toEqual(['queued 6:01', 'queued 6:02']);
    expect(await laneTexts()).toEqual(['5:01', '5:02', '5:03', '5:04', '5:05']);
    await screenshot(phone, 'judge-offline-staff-signed-out');

    await signIn(); // back on the judge screen, which sends what waits
    await phone.getByText('All sent').waitFor({ timeout: 30_000 });
    expect(await laneTexts()).toEqual(['6:01', '6:02', '5:03', '5:04', '5:05']);
    expect(await storedScores()).toEqual([]);
    takeBrowserProblems(); // the refused send (401) is the point here
  });

  it('a value someone else entered is shown beside the judge’s, and the judge chooses', async () => {
    await phoneContext.setOffline(true);
    await score(3, '700', /Not saved: 7:00/);
    // The organiser corrects lane 3 while the phone still knows 5:03.
    await call('POST', `/heats/${heat.id}/lanes/3/result`, { teamId: heat.lanes[2]!.teamId, resultValue: 330 });
    await phoneContext.setOffline(false);
    await phone.getByText('Someone else entered another value').waitFor({ timeout: 30_000 });
    await phone.getByText('On record now:').waitFor();
    await phone.getByRole('button', { name: 'Keep 5:30' }).waitFor();
    await screenshot(phone, 'judge-offline-staff-conflict');
    expect((await laneTexts())[2]).toBe('5:30');
    await phone.getByRole('button', { name: 'Keep mine (7:00)' }).click();
    await phone.getByText('All sent').waitFor();
    expect((await laneTexts())[2]).toBe('7:00');
    expect(await storedScores()).toEqual([]);
    takeBrowserProblems();
  });

  it('signing out deletes the kept reads; a score still waiting stays and goes at the next sign-in', async () => {
    // A phone of its own, without the service worker, whose sends this test makes fail.
    const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    phone = await context.newPage();
    try {
      const kept = () => phone.evaluate((user) => localStorage.getItem(`podium.judgeScreen.${user}`), JUDGE.username);
      await phone.goto(`/judge?event=${eventId}&workout=${workoutId}&heat=${heat.id}`);
      await signIn();
      await phone.getByRole('navigation', { name: 'Lanes' }).waitFor();
      await until('the reads kept, the result grid among them', async () => (await kept())?.includes('Alpha Team') ?? false);

      // The lane's result cannot reach the server: the score waits on the phone.
      await context.route('**/api/heats/*/lanes/*/result', (route) => route.abort('internetdisconnected'));
      await score(4, '804', /Not saved: 8:04/);
      await phone.getByText('1 score waiting to send').waitFor();

      await phone.getByRole('link', { name: 'Console' }).click();
      await phone.getByRole('button', { name: 'Menu' }).click(); // on a phone the console's header folds its links and account away
      await phone.getByRole('button', { name: 'Sign out' }).click();
      await phone.waitForURL('**/login');
      expect(await kept()).toBeNull();
      expect((await storedScores()).map((s) => `${s.state} ${s.text}`)).toEqual(['queued 8:04']);
      await screenshot(phone, 'judge-offline-staff-signed-out-kept-score');

      await context.unroute('**/api/heats/*/lanes/*/result');
      await phone.getByLabel('Username').fill(JUDGE.username);
      await phone.getByLabel('Password').fill(JUDGE.password);
      await phone.getByRole('button', { name: 'Sign in' }).click();
      await phone.waitForURL('**/admin/events');
      await phone.goto(`/judge?event=${eventId}&workout=${workoutId}&heat=${heat.id}`);
      await phone.getByText('All sent').waitFor({ timeout: 30_000 });
      expect((await laneTexts())[3]).toBe('8:04');
      expect(await storedScores()).toEqual([]);
    } finally {
      await context.close();
    }
    takeBrowserProblems(); // the aborted sends are the point here
  });
});
