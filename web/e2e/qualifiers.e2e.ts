// Online qualifiers (docs/qualifiers.md), the path in a browser: the organiser makes the event
// an online qualifier and sets the workout's release, deadline and video rule in the event's
// time zone; an athlete of a confirmed team sees the released workout on "My registrations",
// is told which field is wrong, submits the score and a video link and sees it awaiting review;
// a judge adjusts it with a reason from the queue, and the athlete sees the reason.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let divisionId = '';
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

type Athlete = { email: string; token: string; expiresAt: string };

/** An athlete account through the public API, confirmed with the link of the mail it queued. */
async function signUp(first: string, last: string): Promise<Athlete> {
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
async function confirmedTeam(name: string, captain: Athlete, partner: Athlete): Promise<void> {
  const reg = await api<{ shareCode: string }>(stack.baseUrl, captain.token, 'POST', `/registration/events/${eventId}/registrations`, {
    divisionId,
    teamName: name,
  });
  await api(stack.baseUrl, partner.token, 'POST', '/registration/accept', { code: reg.shareCode });
}

async function phoneOf(athlete: Athlete): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  contexts.push(context);
  await context.addInitScript((a: Athlete) => {
    if (!location.protocol.startsWith('http')) return;
    localStorage.setItem('podium.athlete.token', a.token);
    localStorage.setItem('podium.athlete.email', a.email);
    localStorage.setItem('podium.athlete.expiresAt', a.expiresAt);
  }, athlete);
  return context.newPage();
}

async function staffPage(width: number, height: number, next: string): Promise<Page> {
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

/** A wall time in Paris for a datetime-local input, hours from now. */
function parisWall(hoursFromNow: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(Date.now() + hoursFromNow * 3_600_000));
  const p = (t: string) => parts.find((x) => x.type === t)?.value;
  return `${p('year')}-${p('month')}-${p('day')}T${p('hour')}:${p('minute')}`;
}

describe('an online qualifier from its setup to the athletes’ submissions', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Online Open 2026', dateFrom: '2026-03-01', dateTo: '2026-03-31', status: 'PUBLISHED' });
    eventId = event.id;
    divisionId = (await event.division('RX Pairs', '')).division.id;
    await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    await call('PUT', `/divisions/${divisionId}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 20,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('goes from the organiser’s format card to a submitted score awaiting review', async () => {
    // The organiser makes the event an online qualifier: Fran released an hour ago, open two days.
    const desk = await staffPage(1280, 800, `/admin/events/${eventId}`);
    await desk.getByLabel('Format', { exact: true }).selectOption('online');
    await desk.getByLabel('Time zone').fill('Europe/Paris');
    await desk.getByLabel('Fran: released at').fill(parisWall(-1));
    await desk.getByLabel('Submission deadline').fill(parisWall(48));
    await desk.getByLabel('Video required').check();
    await desk.getByRole('button', { name: 'Save format' }).click();
    await desk.getByRole('status').filter({ hasText: 'Format saved.' }).waitFor();
    await desk.getByTestId('online-workout').scrollIntoViewIfNeeded();
    await screenshot(desk, 'qualifiers-format-1280');

    const anna = await signUp('Anna', 'Adler');
    const ben = await signUp('Ben', 'Berg');
    await confirmedTeam('Adler & Berg', anna, ben);

    // Anna sees Fran on her page; a video link that is not https is refused by the form.
    const phone = await phoneOf(anna);
    await phone.goto('/public/me/registrations');
    const fran = phone.getByTestId('qualifier-workout').filter({ hasText: 'Fran' });
    await fran.getByText(/Submit by .* \(Europe\/Paris\)/).waitFor();
    await fran.getByRole('textbox', { name: 'Score' }).fill('4:05');
    await fran.getByLabel('Video link').fill('http://youtu.be/fran');
    await fran.getByRole('button', { name: 'Submit score' }).click();
    await fran.getByRole('alert').filter({ hasText: 'The video link must be an https link' }).waitFor();
    await fran.getByLabel('Video link').fill('https://youtu.be/fran');
    await fran.getByRole('button', { name: 'Submit score' }).click();
    await fran.getByText('Awaiting review').waitFor();
    await fran.getByText('Your score:').getByText('4:05').waitFor();
    await screenshot(phone, 'qualifiers-submitted-390');

    // The server stored it once, for the team, unpublished.
    const mine = await api<{ workouts: { submission?: { resultText: string; reviewState: string } }[] }>(
      stack.baseUrl,
      ben.token,
      'GET',
      `/submissions/events/${eventId}/mine`,
    );
    expect(mine.workouts[0].submission).toMatchObject({ resultText: '4:05', reviewState: 'unreviewed' });

    // A judge opens the queue from the event page, watches the video and adjusts with a reason.
    await desk.goto(`/admin/events/${eventId}`);
    await desk.getByRole('link', { name: 'Submissions' }).click();
    const item = desk.getByTestId('review-item').filter({ hasText: 'Adler & Berg' });
    await item.getByRole('link', { name: 'Watch the video ↗' }).waitFor();
    await item.getByLabel('Adjusted score').fill('4:15');
    await item.getByRole('button', { name: 'Adjust' }).click();
    await item.getByRole('alert').filter({ hasText: 'Give the reason the athletes see' }).waitFor();
    await item.getByLabel('Reason (athletes see it)').fill('Two no-reps on the pull-ups');
    await item.getByLabel('Internal note (judges only)').fill('camera angle poor');
    await item.getByRole('button', { name: 'Adjust' }).click();
    await item.getByText('Adjusted', { exact: true }).waitFor();
    await item.getByText(/e2e-admin: adjusted 4:05 → 4:15 \(Two no-reps on the pull-ups\)/).waitFor();
    await screenshot(desk, 'qualifiers-review-1280');

    // The athlete sees the adjusted score and the reason, never the note.
    await phone.reload();
    await fran.getByTestId('review-reason').filter({ hasText: 'Two no-reps on the pull-ups' }).waitFor();
    await fran.getByText('Your score:').getByText('4:15').waitFor();
    expect(await phone.getByText('camera angle poor').count()).toBe(0);
    await screenshot(phone, 'qualifiers-reviewed-390');

    expect(takeBrowserProblems()).toEqual([]);
  });
});
