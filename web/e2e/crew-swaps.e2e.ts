// A swap of a shift in a browser (docs/crew.md, "Swaps"): volunteer Ann, on her phone, asks Bo
// to take over her check-in shift; Bo accepts on his phone, from his own link; the organiser
// approves at a desk; then Ann's page no longer lists the shift and Bo's does, and the event's
// activity says so.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let checkInShift = '';
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
const keys = new Map<string, string>();

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

/** A volunteer's own page on a phone, opened by the link mailed to them. */
async function volunteerPhone(name: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/public/volunteer/${keys.get(name)}`);
  await page.getByRole('heading', { name: 'Your shifts' }).waitFor();
  return page;
}

const shiftsOn = (p: Page) => p.getByTestId('volunteer-shift').allInnerTexts();
const overflows = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

describe('a swap of a shift', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Swap Games', dateFrom: '2027-06-05', dateTo: '2027-06-05', status: 'PUBLISHED' });
    eventId = event.id;
    const ids = new Map<string, string>();
    for (const [name, roles] of [
      ['Ann Door', ['check_in']],
      ['Bo Kit', ['check_in', 'equipment']],
    ] as const) {
      const v = await call<{ id: string }>('POST', `/crew/events/${eventId}/volunteers`, { name, email: `${name.split(' ')[0].toLowerCase()}@example.com`, roles });
      ids.set(name, v.id);
    }
    const shift = (role: string, from: string, to: string) =>
      call<{ id: string }>('POST', `/events/${eventId}/crew/shifts`, { role, startsAt: `2027-06-05T${from}:00Z`, endsAt: `2027-06-05T${to}:00Z`, needed: 1 });
    checkInShift = (await shift('check_in', '08:00', '10:00')).id;
    const equipment = (await shift('equipment', '11:00', '13:00')).id;
    await call('PUT', `/events/${eventId}/crew/shifts/${checkInShift}/volunteers/${ids.get('Ann Door')}`);
    await call('PUT', `/events/${eventId}/crew/shifts/${equipment}/volunteers/${ids.get('Bo Kit')}`);
    const box = await call<{ mails: { to: string; text: string }[] }>('GET', '/mail-outbox/competition');
    for (const name of ids.keys()) {
      const email = `${name.split(' ')[0].toLowerCase()}@example.com`;
      const key = /\/public\/volunteer\/([A-Za-z0-9_-]+)/.exec(box.mails.find((m) => m.to === email)?.text ?? '')?.[1];
      expect(key, `${name}'s link`).toBeTruthy();
      keys.set(name, key!);
    }
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('is asked on a phone, accepted on another, approved at a desk, and then both pages show it', async () => {
    // Ann asks Bo, by the address he signed up with.
    const ann = await volunteerPhone('Ann Door');
    expect(await shiftsOn(ann)).toEqual([expect.stringContaining('Check-in')]);
    await ann.getByRole('heading', { name: 'Swaps' }).waitFor();
    await ann.getByLabel('Your place').selectOption(`shift:${checkInShift}`);
    await ann.getByLabel('Their email address (as they signed up)').fill('bo@example.com');
    await ann.getByRole('button', { name: 'Propose the swap' }).click();
    const annSwap = ann.getByTestId('my-swap');
    await annSwap.getByText('Waiting for an answer').waitFor();
    expect(await annSwap.innerText()).toContain('To Bo Kit:');
    await screenshot(ann, 'crew-swap-asked-390');
    expect(await overflows(ann)).toBe(false);

    // Bo accepts from his own link; the shift is not his until the organiser approves.
    const bo = await volunteerPhone('Bo Kit');
    const boSwap = bo.getByTestId('my-swap').filter({ hasText: 'Ann Door asks you to take over' });
    await boSwap.getByRole('button', { name: 'Accept' }).click();
    await boSwap.getByText('Waiting for the organiser').waitFor();
    expect(await shiftsOn(bo)).toEqual([expect.stringContaining('Equipment')]);
    await screenshot(bo, 'crew-swap-accepted-390');
    expect(await overflows(bo)).toBe(false);

    // The organiser approves at a desk.
    const desk = await organiserPage(1280, 800, `/admin/events/${eventId}/crew`);
    const row = desk.getByTestId('crew-swap').filter({ hasText: 'Ann Door → Bo Kit' });
    await row.getByText('Waiting for you').waitFor();
    await screenshot(desk, 'crew-swap-to-approve-1280');
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.getByText('Approved').waitFor();
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await screenshot(desk, 'crew-swap-approved-1280');

    // Both pages show the new shifts.
    await ann.reload();
    await ann.getByText('No shift yet', { exact: false }).waitFor();
    expect(await shiftsOn(ann)).toEqual([]);
    await ann.getByTestId('my-swap').getByText('Approved').waitFor();
    await screenshot(ann, 'crew-swap-done-ann-390');
    await bo.reload();
    await bo.getByTestId('volunteer-shift').nth(1).waitFor();
    const boShifts = await shiftsOn(bo);
    expect(boShifts).toHaveLength(2);
    expect(boShifts.join('\n')).toContain('Check-in');
    expect(boShifts.join('\n')).toContain('Equipment');
    await screenshot(bo, 'crew-swap-done-bo-390');

    // The event's activity has every step, the approval last.
    await desk.goto(`/admin/events/${eventId}/activity`);
    await desk.getByText('Swap approved: Bo Kit takes over Check-in 08:00–10:00 from Ann Door').waitFor();
    await desk.getByText('Bo Kit accepted to take over Check-in 08:00–10:00 from Ann Door').waitFor();
    await desk.getByText('Ann Door asks Bo Kit to take over Check-in 08:00–10:00').waitFor();

    expect(takeBrowserProblems()).toEqual([]);
  });
});
