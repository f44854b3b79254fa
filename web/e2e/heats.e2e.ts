// Heats (docs/heats.md): a judge enters a CAP + reps result on the phone screen at
// 390 px; a failed send stays on screen with Retry and goes through once the network is back;
// the organiser publishes the heat on the Heats page; the public workout leaderboard shows it,
// the schedule lists the heat without results and the team's page its heat and lane.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, SCREENSHOT_DIR, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let contexts: BrowserContext[] = [];
let judge: Page;
let organiser: Page;
let eventId: string;
let divisionId: string;
let workoutId: string;
let teamIds: string[];
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

async function signIn(p: Page, username: string, password: string, next: string): Promise<void> {
  await p.goto(next);
  await p.waitForURL('**/login');
  await p.getByLabel('Username').fill(username);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.waitForURL(`**${next}`);
}

describe('heats and the judge phone', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Lane Games', dateFrom: '2026-09-01', dateTo: '2026-09-01', status: 'PUBLISHED' });
    eventId = event.id;
    const { division, teams } = await event.division('Elite', '', [{ name: 'Alpha Barbell' }, { name: 'Bravo Burpee' }, { name: 'Charlie Clean' }]);
    divisionId = division.id;
    teamIds = teams.map((t) => t.id);
    workoutId = (await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 })).id;
    await call('POST', `/events/${eventId}/workouts/${workoutId}/heats/generate`, {
      divisionIds: [divisionId],
      lanesPerHeat: 3,
      order: 'name',
      firstStart: '2026-09-01T09:00:00Z',
      minutesBetween: 10,
    });
    const judgeUser = await call<{ id: string }>('POST', '/users', { username: 'lane-judge', password: 'lane-judge-passphrase', role: 'scorer' });
    await call('PUT', `/events/${eventId}/access/${judgeUser.id}`, { role: 'scorer' });

    const phone = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const desk = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1400, height: 900 } });
    contexts = [phone, desk];
    judge = await phone.newPage();
    organiser = await desk.newPage();
    await signIn(judge, 'lane-judge', 'lane-judge-passphrase', '/judge');
    await signIn(organiser, stack.username, stack.password, '/admin/events');
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      if (judge) await screenshot(judge, `failure-judge-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
      if (organiser) await screenshot(organiser, `failure-organiser-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
    }
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await stack?.stop();
  });

  it('a judge enters CAP + reps on the phone; a failed save keeps it with Retry', async () => {
    await judge.getByLabel('Event').selectOption({ label: 'Lane Games' });
    await judge.getByLabel('Workout').selectOption({ label: 'Fran' });
    await judge.getByLabel('Heat').selectOption({ index: 1 });
    await judge.getByRole('button', { name: /Bravo Burpee/ }).click();
    await judge.getByText('Time · Cap 10:00').waitFor();
    await judge.getByRole('radio', { name: 'CAP + reps' }).click();
    await judge.getByLabel('Reps at the cap').fill('15');
    await screenshot(judge, 'heats-01-judge-390');

    // A reload keeps what is typed and not saved yet (sessionStorage draft).
    await judge.reload();
    await judge.getByText('Restored 1 unsaved change from your last visit.', { exact: false }).waitFor();
    expect(await judge.getByLabel('Reps at the cap').inputValue()).toBe('15');

    // The first send fails (the network drops): the score waits on the phone, with Retry.
    let saves = 0; // results the server answered, checks aside
    judge.on('response', (r) => {
      const req = r.request();
      if (req.method() === 'POST' && req.url().includes('/lanes/') && !req.postData()?.includes('checkOnly') && r.ok()) saves += 1;
    });
    await judge.route('**/api/heats/*/lanes/*/result', (route) => route.abort('internetdisconnected'));
    await judge.getByRole('button', { name: 'Confirm' }).click();
    await judge.getByText('Save CAP +15 for Bravo Burpee?').waitFor();
    await judge.getByRole('button', { name: 'Save', exact: true }).click();
    const failed = judge.getByRole('alert').filter({ hasText: 'Not saved: CAP +15' });
    await failed.waitFor();
    expect(await failed.innerText()).toContain('No connection to the server');
    expect(await failed.innerText()).toContain('Your entry is kept on this phone.');
    await judge.getByText('1 score waiting to send').waitFor();
    await screenshot(judge, 'heats-02-judge-failed');
    // The browser logs the dropped requests; those problems are this test's doing.
    const problems = takeBrowserProblems();
    expect(problems.every((p) => p.text.includes('ERR_INTERNET_DISCONNECTED')), JSON.stringify(problems)).toBe(true);

    // The network is back; Retry sends the waiting score (unless the queue's own retry was
    // first), and the server stores it once.
    await judge.unroute('**/api/heats/*/lanes/*/result');
    await judge.getByRole('button', { name: 'Retry' }).click({ timeout: 3_000 }).catch(() => undefined);
    await judge.getByRole('status').filter({ hasText: 'Saved ✓ CAP +15' }).waitFor();
    expect(await judge.getByText('Draft — the organiser publishes the heat.').isVisible()).toBe(true);
    await judge.getByText('All sent').waitFor();
    expect(saves).toBe(1);
    await screenshot(judge, 'heats-03-judge-saved');

    // Back on the lane list the lane shows as entered.
    await judge.getByRole('button', { name: /Heat 1 lanes/ }).click();
    await judge.getByRole('button', { name: /Bravo Burpee.*entered/ }).waitFor();

    // The organiser swaps lanes 1 and 3 while the judge has lane 3 open: the save is refused
    // with who races there now, and nothing is written for the wrong team.
    await judge.getByRole('button', { name: /Charlie Clean/ }).click();
    await judge.getByLabel('Time').fill('512');
    expect(await judge.getByLabel('Time').inputValue()).toBe('5:12');
    const heat = (await call<{ id: string; number: number; startTime: string; lanes: { lane: number; teamId: string }[] }[]>('GET', `/events/${eventId}/workouts/${workoutId}/heats`))[0]!;
    await call('PUT', `/heats/${heat.id}`, { number: 1, startTime: heat.startTime, lanes: [{ lane: 1, teamId: teamIds[2] }, { lane: 2, teamId: teamIds[1] }, { lane: 3, teamId: teamIds[0] }] });
    await judge.getByRole('button', { name: 'Confirm' }).click(); // the confirmation already knows
    await judge.getByRole('alert').filter({ hasText: "Lane 3 of heat 1 is Alpha Barbell's now" }).waitFor();
    expect(await judge.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    takeBrowserProblems(); // the 409 is this test's doing
    await judge.getByRole('button', { name: 'Back to the lanes' }).click();
    await judge.getByRole('button', { name: /3\s*Alpha Barbell/ }).waitFor();
    const grid = await call<{ rows: { teamId: string; id: string | null }[] }>('GET', `/events/${eventId}/results?workoutId=${workoutId}`);
    expect(grid.rows.filter((r) => r.id !== null).map((r) => r.teamId)).toEqual([teamIds[1]]);
  });

  it('the organiser sees 1/3 entered, publishes the heat, and the public leaderboard shows CAP +15', async () => {
    const board = `/api/public/events/${eventId}/divisions/${divisionId}/workouts/${workoutId}/leaderboard`;
    const before = await api<{ results: { teamId: string; result: string }[] }>(stack.baseUrl, null, 'GET', board.replace('/api', ''));
    expect(before.results.find((r) => r.teamId === teamIds[1])?.result ?? '').toBe('');

    await organiser.goto(`/admin/events/${eventId}/workouts/${workoutId}`);
    await organiser.getByRole('link', { name: 'Heats' }).click();
    await organiser.waitForURL('**/heats');
    await organiser.getByText('1/3 entered').waitFor();
    await organiser.getByRole('row').filter({ hasText: 'Bravo Burpee' }).getByText('CAP +15').waitFor(); // the server's text
    await screenshot(organiser, 'heats-04-organiser-page');
    // Printing shows only the heat sheets: heat, time, lane, team, an empty score box.
    await organiser.emulateMedia({ media: 'print' });
    const sheet = organiser.locator('.heat-sheet').first();
    expect(await sheet.isVisible()).toBe(true);
    expect(await sheet.innerText()).toMatch(/Fran — Heat 1[\s\S]*Lane[\s\S]*Score[\s\S]*Bravo Burpee/);
    expect(await organiser.getByRole('button', { name: 'Publish Heat' }).isVisible()).toBe(false); // the console is not printed
    await screenshot(organiser, 'heats-04b-heat-sheet-print');
    await organiser.emulateMedia({ media: 'screen' });
    organiser.once('dialog', (d) => void d.accept());
    await organiser.getByRole('button', { name: 'Publish Heat' }).click();
    await organiser.getByText('1 results published.').waitFor();

    await organiser.goto(`/public/events/${eventId}/divisions/${divisionId}/workouts/${workoutId}/leaderboard`);
    const row = organiser.getByRole('row').filter({ hasText: 'Bravo Burpee' });
    await row.getByText('+15').waitFor(); // shown as a CAP badge and +15
    expect(await row.innerText()).toMatch(/CAP\s*\+15/);
    await screenshot(organiser, 'heats-05-public-leaderboard');

    await organiser.goto(`/public/events/${eventId}/schedule`);
    await organiser.getByRole('heading', { name: 'Fran' }).waitFor();
    const heat = organiser.getByRole('listitem').filter({ hasText: 'Heat 1' }).first();
    expect(await heat.innerText()).toContain('Bravo Burpee');
    expect(await heat.innerText()).not.toContain('CAP');
    await screenshot(organiser, 'heats-06-public-schedule');

    // The team's page lists its heat with lane and time.
    await organiser.goto(`/public/teams/${teamIds[1]}`);
    const heats = organiser.getByRole('region', { name: 'Heats' });
    await heats.getByText('Heat 1 · Lane 2').waitFor();
    expect(await heats.innerText()).toContain('Fran');
  });

  it('the confirmation refuses what Save would (cap, bounds), and Save is in view above the keyboard', async () => {
    const repsWorkoutId = (await call<{ id: string }>('POST', `/events/${eventId}/workouts`, { name: 'Cindy', scoreType: 'REPS', workoutOrder: 2 })).id;
    await call('POST', `/events/${eventId}/workouts/${repsWorkoutId}/heats/generate`, {
      divisionIds: [divisionId],
      lanesPerHeat: 3,
      order: 'name',
      firstStart: '2026-09-01T11:00:00Z',
      minutesBetween: 10,
    });
    const heatOf = async (workout: string) => (await call<{ id: string }[]>('GET', `/events/${eventId}/workouts/${workout}/heats`))[0]!.id;
    const lanePage = async (workout: string) => judge.goto(`/judge?event=${eventId}&workout=${workout}&heat=${await heatOf(workout)}&lane=1`);
    let saves = 0;
    judge.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/lanes/') && !r.postData()?.includes('checkOnly')) saves += 1;
    });

    await lanePage(workoutId);
    await judge.getByLabel('Time').fill('1100');
    await judge.getByRole('button', { name: 'Confirm' }).click();
    await judge.getByRole('alert').filter({ hasText: 'Time must not exceed the time cap of 10:00; enter a capped result (CAP +reps) instead' }).waitFor();
    expect(await judge.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

    await lanePage(repsWorkoutId);
    await judge.getByRole('textbox', { name: 'Score' }).fill('2000000');
    await judge.getByRole('button', { name: 'Confirm' }).click();
    await judge.getByRole('alert').filter({ hasText: 'Value must be at most 1,000,000' }).waitFor(); // the server's bound, in its words
    expect(await judge.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await screenshot(judge, 'heats-05-judge-refused-at-confirm');

    // A phone's keyboard takes about 340 of its 844 px: what is left must show Save.
    await judge.setViewportSize({ width: 390, height: 500 });
    await judge.getByRole('textbox', { name: 'Score' }).fill('250');
    await judge.getByRole('textbox', { name: 'Score' }).press('Enter'); // the keyboard's Go: focus and keyboard stay
    await judge.getByText('Save 250 for Alpha Barbell?').waitFor();
    const save = await judge.getByRole('button', { name: 'Save', exact: true }).boundingBox();
    expect(save).not.toBeNull();
    expect(save!.y).toBeGreaterThanOrEqual(0);
    expect(save!.y + save!.height).toBeLessThanOrEqual(500);
    expect(await judge.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Score');
    await judge.screenshot({ path: `${SCREENSHOT_DIR}/heats-06-judge-keyboard-390x500.png` });
    await judge.setViewportSize({ width: 390, height: 844 });
    await screenshot(judge, 'heats-07-judge-confirm-390');
    expect(saves).toBe(0);
    await judge.getByRole('button', { name: 'Save', exact: true }).click();
    await judge.getByRole('status').filter({ hasText: 'Saved ✓ 250' }).waitFor();
    expect(saves).toBe(1);
  });
});

