// The newest screens failed on purpose (docs/console-unsaved-data.md, "No failure is silent"):
// each action's request is made to fail (a 500, a dropped connection, a 401 where a session
// applies) and the screen must say so in words, keep what it showed and what was typed, and
// work when tried again. The screens: the athlete's Notifications card, a transfer offered and
// taken, the organiser's discount codes, refunds and money view, the volunteers' swaps, their
// approval and the day-of crew board.
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AthleteSession } from './athlete-phone';
import { athletePhone } from './athlete-phone';
import { ATHLETE_PASSWORD, signUpAthlete } from './athletes';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { signIn } from './console';
import { api, createEvent, login } from './events';
import { fakePushManager } from './push-browser';
import { startPushService, type PushService } from './push-service';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let push: PushService;
const contexts: BrowserContext[] = [];
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
let adminToken = '';
let moneyEventId = '';
let crewEventId = '';
let anna: AthleteSession;
let cleo: AthleteSession;

const UNREACHABLE = 'The server could not be reached. Check the connection and try again.';
const SERVER_FAILED = 'The server failed on purpose';

type Failure = 'status 500' | 'dropped' | 'status 401';

/**
 * Runs step while the page's requests of method to a path matching path fail as how says, and
 * returns how many were failed: a step that never sent the request proves nothing.
 */
async function failing(page: Page, method: string, path: RegExp, how: Failure, step: () => Promise<void>): Promise<number> {
  let failed = 0;
  const handler = async (route: Route) => {
    if (route.request().method() !== method) return route.fallback();
    failed++;
    if (how === 'dropped') return route.abort('failed');
    const status = how === 'status 401' ? 401 : 500;
    return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message: status === 401 ? 'Session expired' : SERVER_FAILED }) });
  };
  await page.route(path, handler);
  try {
    await step();
  } finally {
    await page.unroute(path, handler);
  }
  expect(failed, `${method} ${path} was sent`).toBeGreaterThan(0);
  return failed;
}

/** The browser's complaints, less the failed answers this file provokes itself. */
function unexpectedProblems() {
  return takeBrowserProblems().filter((p) => !/Failed to load resource: (the server responded with a status of 500|net::ERR_FAILED)/.test(p.text));
}

async function organiserPage(width: number, height: number, next: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(next);
  await page.waitForURL('**/login**');
  await signIn(page, stack);
  await page.waitForURL(`**${next}`);
  return page;
}

/** The athlete's phone with notifications granted and PushManager answering a subscription to
 * the local push service (as e2e/push.e2e.ts does; Chromium headless reaches no real one). */
async function pushPhone(athlete: AthleteSession): Promise<Page> {
  const sub = push.subscribe('/push/failures');
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  contexts.push(context);
  await context.grantPermissions(['notifications'], { origin: stack.baseUrl });
  await fakePushManager(context, athlete, sub);
  return context.newPage();
}

/** The key of the link mailed to address, from the competition outbox. */
async function mailedKey(address: string, pattern: RegExp): Promise<string> {
  const box = await call<{ mails: { to: string; text: string }[] }>('GET', '/mail-outbox/competition');
  const key = box.mails
    .filter((m) => m.to === address)
    .map((m) => pattern.exec(m.text)?.[1])
    .find(Boolean);
  expect(key, `the link mailed to ${address}`).toBeTruthy();
  return decodeURIComponent(key ?? '');
}

describe('the newest screens, failed on purpose', () => {
  beforeAll(async () => {
    push = await startPushService();
    stack = await startStack({ PODIUM_PUSH_ALLOWED_ORIGINS: push.origin });
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    adminToken = session.token;
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, adminToken, method, path, body);

    // Registrations with a fee: Anna's team (paid, live) for the transfer, Dan's (paid in cash,
    // withdrawn) with a refund due from the organiser.
    const event = await createEvent(session, { name: 'Failure Games', dateFrom: '2026-12-05', dateTo: '2026-12-06', status: 'PUBLISHED' });
    moneyEventId = event.id;
    const { division } = await event.division('Open Pairs', '', []);
    await call('PUT', `/divisions/${division.id}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 20,
      feeCents: 4000,
      currency: 'EUR',
      waitlist: true,
    });
    await call('PUT', `/events/${moneyEventId}/refund-policy`, { fullUntil: new Date(Date.now() + 86_400_000).toISOString() });
    anna = await signUpAthlete(stack.baseUrl, adminToken, 'Anna', 'Fail');
    const ben = await signUpAthlete(stack.baseUrl, adminToken, 'Ben', 'Fail');
    cleo = await signUpAthlete(stack.baseUrl, adminToken, 'Cleo', 'Fail');
    const dan = await signUpAthlete(stack.baseUrl, adminToken, 'Dan', 'Fail');
    const eve = await signUpAthlete(stack.baseUrl, adminToken, 'Eve', 'Fail');
    for (const [captain, partner, team] of [
      [anna, ben, 'Anna & Ben'],
      [dan, eve, 'Dan & Eve'],
    ] as const) {
      const reg = await api<{ id: string; shareCode: string }>(stack.baseUrl, captain.token, 'POST', `/registration/events/${moneyEventId}/registrations`, {
        divisionId: division.id,
        teamName: team,
      });
      await api(stack.baseUrl, partner.token, 'POST', '/registration/accept', { code: reg.shareCode });
      await call('POST', `/registrations/${reg.id}/paid`, { method: 'cash' });
      if (captain === dan) await api(stack.baseUrl, dan.token, 'POST', `/registration/registrations/${reg.id}/withdraw`);
    }

    // The crew's day: heats from ten minutes from now, six judges placed by the rotation.
    const first = new Date(Date.now() + 10 * 60_000);
    first.setUTCSeconds(0, 0);
    const today = first.toISOString().slice(0, 10);
    const crew = await createEvent(session, { name: 'Failure Crew Day', dateFrom: today, dateTo: today, status: 'PUBLISHED' });
    crewEventId = crew.id;
    const open = await crew.division('Open', '', [{ name: 'Alpha' }, { name: 'Bravo' }, { name: 'Charlie' }, { name: 'Delta' }]);
    const fran = await crew.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    await call('POST', `/events/${crewEventId}/workouts/${fran.id}/heats/generate`, {
      divisionIds: [open.division.id],
      lanesPerHeat: 2,
      order: 'name',
      firstStart: first.toISOString(),
      minutesBetween: 15,
    });
    const credential = { course: 'Judges Course', level: 1, number: 'JC-1', validUntil: '2099-12-31' };
    for (const [name, role] of [['Hana Head', 'head_judge'], ['Ivo Lane', 'judge'], ['Kim Lane', 'judge'], ['Noa Lane', 'judge'], ['Pia Lane', 'judge'], ['Uma Lane', 'judge']]) {
      await call('POST', `/crew/events/${crewEventId}/volunteers`, { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, roles: [role], credential });
    }
    await call('POST', `/events/${crewEventId}/crew/rotation/generate`, { heatMinutes: 10, restAfter: 3 });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
    await push?.close();
  });

  it('Notifications: a failed allow or turn-off says so, the card keeps its state, and a retry works', async () => {
    const phone = await pushPhone(anna);
    await phone.goto('/public/me/registrations');
    const card = phone.getByRole('region', { name: 'Notifications' });
    const off = 'Get heat reminders, schedule changes and messages from the organisers';
    await card.getByText(off).waitFor();

    await failing(phone, 'POST', /\/api\/push\/subscriptions$/, 'status 500', async () => {
      await card.getByRole('button', { name: 'Allow notifications' }).click();
      await card.getByRole('alert').getByText(`Notifications could not be changed: ${SERVER_FAILED}`).waitFor();
    });
    // Still off (the server does not know this device), and Allow is offered again.
    await card.getByText(off).waitFor();
    expect(await phone.evaluate(() => localStorage.getItem('test.push'))).toBeNull();
    await screenshot(phone, 'failures-push-allow-390');
    await card.getByRole('button', { name: 'Allow notifications' }).click();
    await card.getByText('Notifications are on for this device').waitFor();
    expect(await card.getByRole('alert').count()).toBe(0);

    await failing(phone, 'POST', /\/api\/push\/subscriptions\/remove$/, 'dropped', async () => {
      await card.getByRole('button', { name: 'Turn off notifications' }).click();
      await card.getByRole('alert').getByText(`Notifications could not be changed: ${UNREACHABLE}`).waitFor();
    });
    await card.getByText('Notifications are on for this device').waitFor();
    await card.getByRole('button', { name: 'Turn off notifications' }).click();
    await card.getByText(off).waitFor();
    expect(unexpectedProblems()).toEqual([]);
  });

  it('a transfer: a failed offer keeps the address, survives an ended session, and the taking of it fails visibly too', async () => {
    const phone = await athletePhone(browser, stack.baseUrl, anna, contexts);
    await phone.goto('/public/me/registrations');
    const card = phone.getByTestId('my-registration').filter({ hasText: 'Anna & Ben' });
    await card.getByRole('button', { name: 'Transfer a place…' }).click();
    const email = card.getByLabel("New athlete's email");
    await email.fill(cleo.email);
    const offers = /\/api\/registration\/registrations\/[^/]+\/transfers$/;

    await failing(phone, 'POST', offers, 'status 500', async () => {
      await card.getByRole('button', { name: 'Send the link' }).click();
      await card.getByRole('alert').getByText(`The place was not offered: ${SERVER_FAILED}`).waitFor();
    });
    expect(await email.inputValue()).toBe(cleo.email);
    expect(await card.getByTestId('transfer-offer').count()).toBe(0);
    await screenshot(phone, 'failures-transfer-offer-390');

    // The session ends as the link is sent: sign in again, and the form is back as typed.
    await failing(phone, 'POST', offers, 'status 401', async () => {
      await card.getByRole('button', { name: 'Send the link' }).click();
      await phone.waitForURL('**/public/athlete/sign-in**');
    });
    await phone.getByLabel('Email address').fill(anna.email);
    await phone.getByLabel('Password').fill(ATHLETE_PASSWORD);
    await phone.getByRole('button', { name: 'Sign in' }).click();
    await phone.waitForURL('**/public/me/registrations');
    expect(await card.getByLabel("New athlete's email").inputValue()).toBe(cleo.email);
    await card.getByRole('button', { name: 'Send the link' }).click();
    await card.getByTestId('transfer-offer').getByText(/offered to cleo\.fail\.\d+@example\.com/).waitFor();

    // Cleo takes the place from the mailed link; the first try never reaches the server.
    const key = await mailedKey(cleo.email, /\/public\/registration\/transfer\?key=([A-Za-z0-9_%-]+)/);
    const cleoPhone = await athletePhone(browser, stack.baseUrl, cleo, contexts);
    await cleoPhone.goto(`/public/registration/transfer?key=${encodeURIComponent(key)}`);
    await cleoPhone.getByTestId('transfer-about').getByText('Team Anna & Ben · Open Pairs').waitFor();
    await failing(cleoPhone, 'POST', /\/api\/registration\/transfers\/accept$/, 'dropped', async () => {
      await cleoPhone.getByRole('button', { name: 'Take the place' }).click();
      await cleoPhone.getByRole('alert').getByText(`The place was not taken: ${UNREACHABLE}`).waitFor();
    });
    expect(await cleoPhone.getByTestId('transfer-accepted').count()).toBe(0);
    await cleoPhone.getByTestId('transfer-about').waitFor();
    await cleoPhone.getByRole('button', { name: 'Take the place' }).click();
    await cleoPhone.getByTestId('transfer-accepted').getByText(/^You are on team Anna & Ben/).waitFor();
    expect(unexpectedProblems()).toEqual([]);
  });

  it('discount codes, a refund marked and the money CSV: failures say so, keep what was typed and shown, and a retry works', async () => {
    const path = `/admin/events/${moneyEventId}/registrations`;
    const desk = await organiserPage(1280, 800, path);
    await desk.getByText('No discount codes yet.').waitFor();
    await desk.getByLabel('Code').fill('FAIL10');
    await desk.getByRole('textbox', { name: 'Percentage off' }).fill('10');
    await desk.getByLabel('Uses').fill('3');
    const codes = new RegExp(`/api/events/${moneyEventId}/discount-codes(/[^/]+)?$`);
    await failing(desk, 'POST', codes, 'status 500', async () => {
      await desk.getByRole('button', { name: 'Add code' }).click();
      await desk.getByRole('alert').getByText(`Not added: ${SERVER_FAILED}`).waitFor();
    });
    expect(await desk.getByText('Code added.').count()).toBe(0);
    expect(await desk.getByLabel('Code').inputValue()).toBe('FAIL10');

    // The session ends as the code is added: signed in again, the typed code is back.
    await failing(desk, 'POST', codes, 'status 401', async () => {
      await desk.getByRole('button', { name: 'Add code' }).click();
      await desk.waitForURL('**/login**');
    });
    await signIn(desk, stack);
    await desk.waitForURL(`**${path}`);
    expect(await desk.getByLabel('Code').inputValue()).toBe('FAIL10');
    expect(await desk.getByRole('textbox', { name: 'Percentage off' }).inputValue()).toBe('10');
    expect(await desk.getByLabel('Uses').inputValue()).toBe('3');
    await desk.getByRole('button', { name: 'Add code' }).click();
    await desk.getByText('10% off · 0 of 3 used · every division').waitFor();
    await expect.poll(() => desk.getByLabel('Code').inputValue()).toBe(''); // cleared once the add has answered, after the list shows it

    await failing(desk, 'DELETE', codes, 'dropped', async () => {
      await desk.getByRole('button', { name: 'Delete' }).click();
      await desk.getByRole('alert').getByText(`Not deleted: ${UNREACHABLE}`).waitFor();
    });
    await desk.getByText('10% off · 0 of 3 used · every division').waitFor();
    await desk.getByRole('button', { name: 'Delete' }).click();
    await desk.getByText('No discount codes yet.').waitFor();

    // Dan's refund, due from the organiser: a failed mark keeps it due.
    const row = desk.getByRole('row', { name: /Dan & Eve/ });
    await row.getByText('refund due: €40.00').waitFor();
    await failing(desk, 'POST', /\/api\/registrations\/[^/]+\/refunded$/, 'status 500', async () => {
      await row.getByRole('button', { name: 'Mark refunded' }).click();
      await row.getByRole('alert').getByText(`Not changed: ${SERVER_FAILED}`).waitFor();
    });
    await row.getByText('refund due: €40.00').waitFor();
    await row.getByRole('button', { name: 'Mark refunded' }).click();
    await row.getByText('€40.00 refunded').waitFor();

    // The money view: a CSV that fails to come says so, the figures stay.
    await desk.goto(`/admin/events/${moneyEventId}/money`);
    const table = desk.getByRole('table');
    await table.getByRole('rowheader', { name: 'Open Pairs' }).waitFor();
    await failing(desk, 'GET', /\/api\/events\/[^/]+\/money\.csv$/, 'status 500', async () => {
      await desk.getByRole('button', { name: 'Download CSV' }).click();
      await desk.getByRole('alert').getByText(`The CSV could not be downloaded: ${SERVER_FAILED}`).waitFor();
    });
    await table.getByRole('rowheader', { name: 'Open Pairs' }).waitFor();
    const download = desk.waitForEvent('download');
    await desk.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.csv$/);
    expect(unexpectedProblems()).toEqual([]);
  });

  it('crew swaps and the day-of board: a failed proposal, answer, approval, check-in and move say so and work when tried again', async () => {
    type Slot = { heatId: string; heatNumber: number; lane: number; volunteerId: string; judgeName: string };
    type Rotation = { slots: Slot[]; standby: { volunteerId: string; name: string }[] };
    const rotation = await call<Rotation>('GET', `/events/${crewEventId}/crew/rotation`);
    const lane2 = rotation.slots.find((s) => s.heatNumber === 1 && s.lane === 2);
    const heat1 = lane2?.heatId ?? '';
    const inHeat1 = new Set(rotation.slots.filter((s) => s.heatId === heat1).map((s) => s.volunteerId));
    const taker = [...rotation.standby, ...rotation.slots.map((s) => ({ volunteerId: s.volunteerId, name: s.judgeName }))].find(
      (j) => j.name.endsWith('Lane') && !inHeat1.has(j.volunteerId),
    );
    expect(lane2, 'a judge on lane 2 of heat 1').toBeTruthy();
    expect(taker, 'a judge free during heat 1').toBeTruthy();
    const emailOf = (name: string) => `${name.split(' ')[0].toLowerCase()}@example.com`;

    // The judge of lane 2 hands it to the free judge from their phone.
    const giverKey = await mailedKey(emailOf(lane2!.judgeName), /\/public\/volunteer\/([A-Za-z0-9_-]+)/);
    const phone = await athletePhone(browser, stack.baseUrl, null, contexts);
    await phone.goto(`/public/volunteer/${giverKey}`);
    await phone.getByLabel('Your place').selectOption(`lane:${heat1}:2`);
    const place = await phone.getByLabel('Your place').inputValue();
    await phone.getByLabel('Their email address (as they signed up)').fill(emailOf(taker!.name));
    await failing(phone, 'POST', /\/api\/crew\/volunteers\/[^/]+\/swaps$/, 'status 500', async () => {
      await phone.getByRole('button', { name: 'Propose the swap' }).click();
      await phone.getByRole('alert').getByText(`Not sent: ${SERVER_FAILED}`).waitFor();
    });
    // Above the button, not under the place as if the place were refused.
    const alertTop = (await phone.getByRole('alert').boundingBox())?.y ?? 0;
    expect(alertTop).toBeGreaterThan((await phone.getByLabel('Their email address (as they signed up)').boundingBox())?.y ?? Infinity);
    await screenshot(phone, 'failures-swap-propose-390');
    // What was chosen and typed stays, through a reload too.
    await phone.reload();
    expect(await phone.getByLabel('Your place').inputValue()).toBe(place);
    expect(await phone.getByLabel('Their email address (as they signed up)').inputValue()).toBe(emailOf(taker!.name));
    await phone.getByRole('button', { name: 'Propose the swap' }).click();
    await phone.getByTestId('my-swap').getByText('Waiting for an answer').waitFor();

    // The taker accepts from their phone; the first answer is lost on the way.
    const takerKey = await mailedKey(emailOf(taker!.name), /\/public\/volunteer\/([A-Za-z0-9_-]+)/);
    const takerPhone = await athletePhone(browser, stack.baseUrl, null, contexts);
    await takerPhone.goto(`/public/volunteer/${takerKey}`);
    const asked = takerPhone.getByTestId('my-swap');
    await failing(takerPhone, 'POST', /\/api\/crew\/volunteers\/[^/]+\/swaps\/[^/]+\/accept$/, 'dropped', async () => {
      await asked.getByRole('button', { name: 'Accept' }).click();
      await asked.getByRole('alert').getByText(`Not sent: ${UNREACHABLE}`).waitFor();
    });
    await asked.getByRole('button', { name: 'Accept' }).click();
    await asked.getByText('Waiting for the organiser').waitFor();

    // The organiser approves in the console.
    const desk = await organiserPage(1280, 800, `/admin/events/${crewEventId}/crew`);
    const swap = desk.getByTestId('crew-swap');
    await swap.getByText('Waiting for you').waitFor();
    await failing(desk, 'POST', /\/api\/events\/[^/]+\/crew\/swaps\/[^/]+\/approve$/, 'status 500', async () => {
      await swap.getByRole('button', { name: 'Approve' }).click();
      await swap.getByRole('alert').getByText(`Not saved: ${SERVER_FAILED}`).waitFor();
    });
    await swap.getByText('Waiting for you').waitFor();
    await swap.getByRole('button', { name: 'Approve' }).click();
    await swap.getByText('Approved').waitFor();
    const swapped = await call<Rotation>('GET', `/events/${crewEventId}/crew/rotation`);
    expect(swapped.slots.find((s) => s.heatId === heat1 && s.lane === 2)?.volunteerId).toBe(taker!.volunteerId);

    // The day-of board: lane 1 of heat 1 loses its judge; the one who gave lane 2 away is
    // checked in and moved there, each first failing.
    await call('PUT', `/events/${crewEventId}/crew/rotation/heats/${heat1}/lanes/1`, { volunteerId: '' });
    await desk.goto(`/admin/events/${crewEventId}/crew/board`);
    const judge = desk.getByTestId('board-judge').filter({ hasText: lane2!.judgeName });
    await failing(desk, 'PUT', /\/api\/events\/[^/]+\/crew\/board\/volunteers\/[^/]+\/check-in$/, 'dropped', async () => {
      await judge.getByRole('button', { name: 'Check in' }).click();
      await judge.getByRole('alert').getByText(`Not saved: ${UNREACHABLE}`).waitFor();
    });
    expect(await judge.getByText('Standby').count()).toBe(0);
    await judge.getByRole('button', { name: 'Check in' }).click();
    await judge.getByText('Standby').waitFor();

    const gap = desk.getByTestId('board-gap');
    await gap.getByLabel('Standby judge').selectOption({ label: lane2!.judgeName });
    await failing(desk, 'PUT', /\/api\/events\/[^/]+\/crew\/board\/heats\/[^/]+\/lanes\/\d+$/, 'status 500', async () => {
      await gap.getByRole('button', { name: 'Move in' }).click();
      await gap.getByRole('alert').getByText(`Not saved: ${SERVER_FAILED}`).waitFor();
    });
    await screenshot(desk, 'failures-board-move-1280');
    expect(await gap.getByLabel('Standby judge').inputValue()).toBe(lane2!.volunteerId);
    await gap.getByRole('button', { name: 'Move in' }).click();
    await desk.getByText('Every place has a judge.').waitFor();
    expect(unexpectedProblems()).toEqual([]);
  });
});
