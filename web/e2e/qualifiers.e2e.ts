// Online qualifiers (docs/qualifiers.md), the path in a browser: the organiser makes the event
// an online qualifier and sets the workout's release, deadline and video rule in the event's
// time zone; an athlete of a confirmed team sees the released workout on "My registrations",
// is told which field is wrong, submits the score and a video link and sees it awaiting review;
// a judge adjusts it with a reason from the queue, then adds a time penalty, and the athlete sees
// the reasons and the penalty. Then the
// rest of the path: the organiser freezes the public board, publishes the reviewed scores (the
// frozen board keeps them off) and unfreezes it (the board shows them), and invites the top 3 to
// the final: the first accepts, the second declines, the fourth is offered the place.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { SCREENSHOT_DIR, launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import { athletePhone } from './athlete-phone';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let divisionId = '';
let franId = '';
let anna: Athlete;
let ben: Athlete;
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
async function confirmedTeam(name: string, captain: Athlete, partner: Athlete): Promise<string> {
  const reg = await api<{ shareCode: string }>(stack.baseUrl, captain.token, 'POST', `/registration/events/${eventId}/registrations`, {
    divisionId,
    teamName: name,
  });
  const done = await api<{ teamId: string }>(stack.baseUrl, partner.token, 'POST', '/registration/accept', { code: reg.shareCode });
  return done.teamId;
}

/** A phone (390×844) signed in as the athlete on the public site. */
async function phoneOf(athlete: Athlete): Promise<Page> {
  return athletePhone(browser, stack.baseUrl, athlete, contexts);
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
    franId = (await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 })).id;
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

    anna = await signUp('Anna', 'Adler');
    ben = await signUp('Ben', 'Berg');
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

    // A penalty on top: the judge adds time with a reason; the athlete reads both.
    await item.getByRole('combobox', { name: 'Penalty' }).selectOption('time');
    await item.getByLabel('Amount (M:SS)').fill('0:05');
    await item.getByLabel('Reason (athletes see it)').fill('Rep short on the last round');
    await item.getByRole('button', { name: 'Penalty', exact: true }).click();
    await item.getByText('Penalty: +0:05: Rep short on the last round').waitFor();
    await item.getByText(/e2e-admin: penalised 4:15 \(Rep short on the last round\)/).waitFor();
    await screenshot(desk, 'qualifiers-penalty-1280');
    await phone.reload();
    await fran.getByTestId('penalty').filter({ hasText: 'Penalty: +0:05: Rep short on the last round' }).waitFor();
    await fran.getByTestId('review-reason').filter({ hasText: 'Rep short on the last round' }).waitFor();
    await screenshot(phone, 'qualifiers-penalty-390');

    expect(takeBrowserProblems()).toEqual([]);
  });
  it('publishes the reviewed scores behind a frozen board, then invites the top 3 to the final', async () => {
    // Four more teams submit slower times, and a judge accepts them (the API: the first test ran the screens).
    const captains: Athlete[] = [];
    for (let i = 2; i <= 5; i++) {
      const captain = await signUp(`Cap${i}`, 'Open');
      captains.push(captain);
      const teamId = await confirmedTeam(`Team ${i}`, captain, await signUp(`Par${i}`, 'Open'));
      await api(stack.baseUrl, captain.token, 'PUT', `/submissions/workouts/${franId}`, {
        status: 'completed',
        resultValue: 250 + 10 * i,
        videoUrl: `https://vimeo.com/${i}`,
      });
      await call('POST', `/submissions/workouts/${franId}/teams/${teamId}/review`, { action: 'accept' });
    }
    const final = await createEvent(await login(stack.baseUrl, stack.username, stack.password), {
      name: 'The Final 2026',
      dateFrom: '2026-06-01',
      dateTo: '2026-06-02',
      status: 'PUBLISHED',
    });
    const finalDivision = (await final.division('RX Pairs', '')).division.id;
    await call('PUT', `/divisions/${finalDivision}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 3,
      waitlist: false,
    });

    // The organiser freezes the public board, asked to confirm first.
    const desk = await staffPage(1280, 800, `/admin/events/${eventId}`);
    const freeze = desk.getByTestId('leaderboard-freeze');
    await freeze.getByText('Live', { exact: true }).waitFor();
    await freeze.getByRole('button', { name: 'Freeze leaderboard…' }).click();
    await freeze.getByText('Freeze the leaderboard? The public board keeps its standings until you unfreeze it.').waitFor();
    await freeze.getByRole('button', { name: 'Freeze', exact: true }).click();
    await freeze.getByText('Frozen', { exact: true }).waitFor();
    await freeze.getByText(/Frozen since .* by e2e-admin/).waitFor();
    await freeze.scrollIntoViewIfNeeded();
    await screenshot(desk, 'qualifiers-frozen-console-1280');
    await desk.setViewportSize({ width: 390, height: 844 });
    await freeze.scrollIntoViewIfNeeded();
    await screenshot(desk, 'qualifiers-frozen-console-390');
    await freeze.screenshot({ path: resolve(SCREENSHOT_DIR, 'qualifiers-frozen-card-390.png') });
    await desk.setViewportSize({ width: 1280, height: 800 });

    // It publishes the reviewed scores from the results matrix: the frozen board keeps them off.
    const matrix = desk.locator('section').filter({ has: desk.getByRole('heading', { name: 'Results Entry Matrix' }) });
    await matrix.getByRole('button', { name: 'Publish', exact: true }).click();
    await matrix.getByText('5/5').first().waitFor();
    const watching = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    contexts.push(watching);
    const spectator = await watching.newPage();
    await spectator.goto(`/public/events/${eventId}/divisions/${divisionId}/leaderboard`);
    await spectator.getByText('Leaderboard frozen: the standings stay as they are while the judges finish.').waitFor();
    await spectator.getByText('Results Coming Soon').waitFor();
    expect(await spectator.getByText('Adler & Berg').count()).toBe(0);
    await screenshot(spectator, 'qualifiers-board-frozen-390');

    // The unfreeze: the open board (its live stream) shows the published scores, the adjusted one
    // first; a tap on the phone's line opens its score.
    await freeze.getByRole('button', { name: 'Unfreeze leaderboard…' }).click();
    await freeze.getByRole('button', { name: 'Unfreeze', exact: true }).click();
    await freeze.getByText('Live', { exact: true }).waitFor();
    const board = spectator.getByRole('list', { name: 'RX Pairs standings' });
    await board.getByRole('button', { name: /Adler & Berg/ }).click();
    await board.getByText('4:15').first().waitFor();
    expect(await spectator.getByText(/Leaderboard frozen/).count()).toBe(0);
    await screenshot(spectator, 'qualifiers-board-unfrozen-390');

    // The organiser invites the top 3 from the qualifier's standings.
    await desk.getByRole('link', { name: 'Invitations' }).click();
    await desk.getByLabel('Final (in-person event)').selectOption({ label: 'The Final 2026' });
    await desk.getByRole('button', { name: 'Link the final' }).click();
    const division = desk.getByTestId('final-division').filter({ hasText: 'RX Pairs → RX Pairs' });
    await division.getByLabel('Invite the top').fill('3');
    await division.getByRole('button', { name: 'Invite', exact: true }).click();
    await division.getByText('3 of 3 places taken').waitFor();
    const row = (team: string) => division.getByRole('row').filter({ hasText: team });
    for (const team of ['Adler & Berg', 'Team 2', 'Team 3']) await row(team).getByText('Invited').waitFor();
    await row('Team 4').getByText('Not invited').waitFor();
    await desk.setViewportSize({ width: 390, height: 844 });
    await screenshot(desk, 'qualifiers-invited-390');

    // Anna accepts on her phone; Team 2 declines.
    const phone = await phoneOf(anna);
    await phone.goto('/public/me/registrations');
    const invitation = phone.getByTestId('final-invitation').filter({ hasText: 'Adler & Berg is invited to The Final 2026' });
    await invitation.getByRole('button', { name: 'Accept' }).click();
    await invitation.getByText('Accepted', { exact: true }).waitFor();
    await screenshot(phone, 'qualifiers-invitation-accepted-390');
    const second = await phoneOf(captains[0]);
    await second.goto('/public/me/registrations');
    const declined = second.getByTestId('final-invitation').filter({ hasText: 'Team 2' });
    await declined.getByRole('button', { name: 'Decline…' }).click();
    await second
      .getByRole('dialog', { name: 'Decline the invitation?' })
      .getByRole('button', { name: 'Decline and give up the place' })
      .click();
    await declined.getByText('Declined', { exact: true }).waitFor();

    // The fourth is offered the place.
    await desk.reload();
    await row('Adler & Berg').getByText('Accepted').waitFor();
    await row('Team 2').getByText('Declined').waitFor();
    await row('Team 4').getByText('Invited').waitFor();
    await row('Team 5').getByText('Not invited').waitFor();
    await screenshot(desk, 'qualifiers-invitations-after-390');
    const fourth = await api<{ invitations: { teamName: string; state: string }[] }>(stack.baseUrl, captains[2].token, 'GET', '/registration/final-invitations');
    expect(fourth.invitations[0]).toMatchObject({ teamName: 'Team 4', state: 'invited' });
    expect(takeBrowserProblems()).toEqual([]);
  });
  it('locks the open submission form by itself when the deadline passes', async () => {
    // Fran's deadline moved to a few seconds from now, on a whole second (the deadline is kept
    // to the second); the page is open before it.
    const deadline = new Date(Math.ceil((Date.now() + 8_000) / 1000) * 1000);
    await call('PUT', `/events/${eventId}/online`, {
      format: 'online',
      timeZone: 'Europe/Paris',
      workouts: [{ workoutId: franId, releaseAt: new Date(Date.now() - 3_600_000).toISOString(), submissionDeadline: deadline.toISOString(), videoRequired: true }],
    });
    const phone = await phoneOf(anna);
    await phone.goto('/public/me/registrations');
    const fran = phone.getByTestId('qualifier-workout').filter({ hasText: 'Fran' });
    await fran.getByText(/Submit by .* \(Europe\/Paris\) · closes in \d+ s/).waitFor();
    await fran.getByRole('textbox', { name: 'Score' }).waitFor();
    await screenshot(phone, 'qualifiers-closing-390');
    // No reload: the form goes at the deadline and the page says it is locked.
    await fran.getByText('Locked: the submission deadline has passed.').waitFor({ timeout: 15_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(deadline.getTime());
    expect(await fran.getByRole('textbox', { name: 'Score' }).count()).toBe(0);
    await fran.getByText(/^Closed .* \(Europe\/Paris\)$/).waitFor();
    await screenshot(phone, 'qualifiers-locked-390');
    // The server refuses a late score too.
    await expect(
      api(stack.baseUrl, anna.token, 'PUT', `/submissions/workouts/${franId}`, { status: 'completed', resultValue: 240, videoUrl: 'https://youtu.be/late' }),
    ).rejects.toThrow(/The submission deadline of Fran has passed/);
  });
});
