// Appeals and the public adjustments page (docs/competition-day.md), the path in a browser: an
// athlete of a confirmed team sees the team's published result on "My registrations" with
// "Appeal" while the window is open, is told what is missing, and files an appeal with a video
// link; the head judge (an organiser) opens the event's Appeals screen, upholds it with a new
// result and a written reason, and publishes the change; the athlete reads the decision, and the
// public Adjustments tab shows the change with its reason and time, without who made it.
// Screenshots at phone (390×844) and desktop (1280×800) size.
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login, saveAndPublish } from './events';
import { startStack, type Stack } from './stack';
import { athletePhone, type AthleteSession } from './athlete-phone';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let divisionId = '';
let anna: AthleteSession;
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious and critical WCAG 2.2 AA violations axe finds on the page as it is now
 * (e2e/accessibility.e2e.ts checks every route; these pages are checked here with their data). */
async function axeViolations(p: Page): Promise<string[]> {
  await p.addScriptTag({ path: AXE });
  const found = await p.evaluate(async () => {
    type V = { id: string; impact: string | null; help: string };
    const axe = (window as unknown as { axe: { run: (ctx: object, o: object) => Promise<{ violations: V[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })).violations;
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${p.url()}: ${v.id} ${v.help}`);
}

/** An athlete account through the public API, confirmed with the link of the mail it queued. */
async function signUp(first: string, last: string): Promise<AthleteSession> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  const password = 'athlete-e2e-passphrase';
  await api(stack.baseUrl, null, 'POST', '/athlete/sign-up', { email, password, firstName: first, lastName: last });
  const box = await call<{ mails: { to: string; text: string }[] }>('GET', '/mail-outbox/auth');
  const link = /\/public\/athlete\/verify\?token=([A-Za-z0-9_%-]+)/.exec(box.mails.find((m) => m.to === email)?.text ?? '')?.[1];
  expect(link, `confirmation mail to ${email}`).toBeTruthy();
  await api(stack.baseUrl, null, 'POST', '/athlete/verify-email', { token: decodeURIComponent(link ?? '') });
  const { token, expiresAt } = await api<{ token: string; expiresAt: string }>(stack.baseUrl, null, 'POST', '/athlete/sign-in', { email, password });
  return { email, token, expiresAt };
}

/** A confirmed team (no fee, no approval): the captain registers, the partner joins by code. */
async function confirmedTeam(name: string, captain: AthleteSession, partner: AthleteSession): Promise<string> {
  const reg = await api<{ shareCode: string }>(stack.baseUrl, captain.token, 'POST', `/registration/events/${eventId}/registrations`, {
    divisionId,
    teamName: name,
  });
  const done = await api<{ teamId: string }>(stack.baseUrl, partner.token, 'POST', '/registration/accept', { code: reg.shareCode });
  return done.teamId;
}

async function staffPage(width: number, height: number, next: string): Promise<Page> {
  // axe is injected as a script of its own, which the app's Content-Security-Policy refuses.
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height }, bypassCSP: true });
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

async function desktop(): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 }, bypassCSP: true });
  contexts.push(context);
  return context.newPage();
}

describe('an appeal from filing to the public adjustments page', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Harbour Throwdown', dateFrom: '2026-06-01', dateTo: '2026-06-02', status: 'PUBLISHED' });
    eventId = event.id;
    divisionId = (await event.division('RX Pairs', '')).division.id;
    const fran = await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    await call('PUT', `/divisions/${divisionId}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 20,
    });
    anna = await signUp('Anna', 'Adler');
    const teamId = await confirmedTeam('Adler & Berg', anna, await signUp('Ben', 'Berg'));
    await saveAndPublish(session, [{ teamId, workoutId: fran.id, resultValue: 245 }]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('files, decides and publishes an appeal, and shows it on the adjustments page', async () => {
    // The athlete sees the published result with "Appeal" while the window is open.
    const phone = await athletePhone(browser, stack.baseUrl, anna, contexts);
    await phone.goto('/public/me/registrations');
    const fran = phone.getByTestId('appealable-result').filter({ hasText: 'Fran' });
    await fran.getByText('4:05').waitFor();
    await fran.getByText(/Appeal until/).waitFor();
    await fran.getByRole('button', { name: 'Appeal' }).click();
    // Nothing typed, and a link that is not https: each field says what is wrong.
    await fran.getByLabel('Video link').fill('http://youtu.be/fran');
    await fran.getByRole('button', { name: 'Send appeal' }).click();
    await fran.getByText('Give the reason of the appeal').waitFor();
    await fran.getByText('The video link must be an https address').waitFor();
    await fran.getByLabel('Reason').fill('The judge missed our last 5 thrusters');
    await fran.getByLabel('Video link').fill('https://youtu.be/fran');
    await screenshot(phone, 'appeals-athlete-form-390');
    await fran.getByRole('button', { name: 'Send appeal' }).click();
    await phone.getByRole('status').filter({ hasText: 'Appeal sent.' }).waitFor();
    const mine = phone.getByTestId('my-appeal').filter({ hasText: 'Fran' });
    await mine.getByText('Pending').waitFor();
    await fran.getByText('Appealed: the decision is below').waitFor(); // one appeal per result
    await screenshot(phone, 'appeals-athlete-pending-390');

    // The head judge opens the event's Appeals screen from the event page.
    const desk = await staffPage(1280, 800, `/admin/events/${eventId}`);
    await desk.getByRole('link', { name: 'Appeals' }).click();
    await desk.waitForURL(`**/admin/events/${eventId}/appeals`);
    await desk.getByLabel('Minutes after publication').waitFor();
    expect(await desk.getByLabel('Minutes after publication').inputValue()).toBe('30');
    // A window out of range is refused on the spot; a good one is saved.
    await desk.getByLabel('Minutes after publication').fill('0');
    await desk.getByRole('button', { name: 'Save window' }).click();
    await desk.getByText('The appeal window must be between 1 and 1440 minutes').waitFor();
    await desk.getByLabel('Minutes after publication').fill('45');
    await desk.getByRole('button', { name: 'Save window' }).click();
    await desk.getByRole('status').filter({ hasText: 'Window saved.' }).waitFor();

    const appeal = desk.getByTestId('appeal').filter({ hasText: 'Adler & Berg' });
    await appeal.getByText('The judge missed our last 5 thrusters').waitFor();
    await desk.getByText('1 appeal to decide').waitFor();
    // A decision needs its reason; the typed value stays after the refusal.
    await appeal.getByLabel('Uphold').check();
    await appeal.getByLabel('New result').fill('4:00');
    await appeal.getByRole('button', { name: 'Save decision' }).click();
    await appeal.getByText('Give the reason of the decision').waitFor();
    expect(await appeal.getByLabel('New result').inputValue()).toBe('4:00');
    await appeal.getByRole('textbox', { name: 'Reason', exact: true }).fill('The video shows 5 more reps');
    await screenshot(desk, 'appeals-console-decide-1280');
    const a11y = await axeViolations(desk);
    await appeal.getByRole('button', { name: 'Save decision' }).click();
    await appeal.getByText('Upheld').waitFor();
    await appeal.getByTestId('decision-reason').filter({ hasText: 'The video shows 5 more reps' }).waitFor();
    await desk.getByText('0 appeals to decide').waitFor();

    // Not public until published: the adjustments page has nothing yet.
    const pub = await desktop();
    await pub.goto(`/public/events/${eventId}/leaderboard`);
    await pub.getByRole('link', { name: 'Adjustments' }).click();
    await pub.waitForURL(`**/public/events/${eventId}/adjustments`);
    await pub.getByText('No result has changed since it was published.').waitFor();

    await appeal.getByRole('button', { name: 'Publish the new result' }).click();
    await appeal.getByText('The new result is public.').waitFor();
    await screenshot(desk, 'appeals-console-decided-1280');

    // The console's screen on a phone too (the head judge on the floor).
    const deskPhone = await staffPage(390, 844, `/admin/events/${eventId}/appeals`);
    await deskPhone.getByTestId('appeal').filter({ hasText: 'Upheld' }).getByText('The new result is public.').waitFor();
    await screenshot(deskPhone, 'appeals-console-390');

    // The athlete reads the decision and its reason, never who decided.
    await phone.reload();
    await mine.getByText('Upheld').waitFor();
    await mine.getByTestId('decision-reason').filter({ hasText: 'The video shows 5 more reps' }).waitFor();
    await mine.getByText('Your result changed from 4:05 to 4:00.').waitFor();
    expect(await phone.getByText(stack.username).count()).toBe(0);
    await screenshot(phone, 'appeals-athlete-decided-390');

    // The public page shows the change with its reason (its live stream or a reload brings it).
    const started = Date.now();
    const change = pub.getByTestId('adjustment').filter({ hasText: 'Adler & Berg' });
    await pub.reload();
    await change.getByText('Appeal upheld').waitFor();
    console.log(`adjustment shown after ${Date.now() - started} ms`);
    await change.getByText('Reason: The video shows 5 more reps').waitFor();
    expect(await change.locator('s').textContent()).toBe('4:05');
    await change.getByText('4:00', { exact: true }).waitFor();
    expect(await pub.getByText(stack.username).count()).toBe(0);
    await screenshot(pub, 'adjustments-1280');
    a11y.push(...(await axeViolations(pub)), ...(await axeViolations(deskPhone)));
    expect(a11y).toEqual([]);
    const publicPhone = await athletePhone(browser, stack.baseUrl, null, contexts);
    await publicPhone.goto(`/public/events/${eventId}/adjustments`);
    await publicPhone.getByTestId('adjustment').filter({ hasText: 'Appeal upheld' }).waitFor();
    await screenshot(publicPhone, 'adjustments-390');

    expect(takeBrowserProblems()).toEqual([]);
  });
});
