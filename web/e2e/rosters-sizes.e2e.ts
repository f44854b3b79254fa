// One event with every size of team (docs/rosters.md): an individual division, a pairs division
// and a team-of-four "2 women + 2 men" division. Athletes register themselves in each on their
// phones; the organiser confirms an incomplete roster by hand and swaps an athlete after the
// roster lock in the console, and the activity names the organiser; the public schedule and the
// judge's phone show each lane's roster; the organiser enters and publishes the results, and the
// boards show each division (the individual one says "Athlete").
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Division } from '../src/lib/api/types';
import { athletePhone, type AthleteSession } from './athlete-phone';
import { joinWithCode, signUpAthlete } from './athletes';
import { launchBrowser, screenshot } from './browser';
import { signIn } from './console';
import { api, createEvent, login, saveAndPublish, type BuiltEvent, type Session } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let session: Session;
let event: BuiltEvent;
const contexts: BrowserContext[] = [];
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;
const divisions: Record<'solo' | 'pairs' | 'four', Division> = {} as never;
let workoutId = '';
let failed: Page | undefined;

const signUp = (first: string, last: string): Promise<AthleteSession> => signUpAthlete(stack.baseUrl, session.token, first, last);

/** The athlete's phone on the event's page, the division chosen in the registration form. */
async function registrationForm(athlete: AthleteSession, division: string, name: string): Promise<Page> {
  const phone = await athletePhone(browser, stack.baseUrl, athlete, contexts);
  failed = phone;
  await phone.goto(`/public/events/${event.id}`);
  await phone.getByLabel('Division').selectOption({ label: division });
  await phone.getByLabel(division === 'Solo' ? 'Your name on the leaderboard' : 'Team name').fill(name);
  return phone;
}

/** The share code the registration's status gives, for a pair (bold) or a bigger team (its line). */
async function shareCode(phone: Page, status: string): Promise<string> {
  const done = phone.getByRole('status').filter({ hasText: status });
  await done.waitFor();
  const code = /([A-Z2-9]{10})/.exec(await done.innerText())?.[1] ?? '';
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  return code;
}

/** A console page at a size, signed in as the stack's admin. */
async function consolePage(width: number, height: number, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height } });
  contexts.push(context);
  const page = await context.newPage();
  failed = page;
  await page.goto('/login');
  await signIn(page, stack);
  await page.waitForURL('**/admin/events');
  await page.goto(path);
  return page;
}

type TeamRow = { id: string; name: string; divisionId: string; athletes: { name: string }[] };

describe('individuals, pairs and teams of four in one event, from registration to the boards', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    event = await createEvent(session, { name: 'Every Size Games', dateFrom: '2026-12-05', dateTo: '2026-12-06', status: 'PUBLISHED' });
    divisions.solo = await call<Division>('POST', '/divisions', { name: 'Solo', eventId: event.id, roster: { teamSize: 1 } });
    divisions.pairs = await call<Division>('POST', '/divisions', { name: 'Pairs', eventId: event.id });
    divisions.four = await call<Division>('POST', '/divisions', {
      name: 'Mixed Four',
      eventId: event.id,
      roster: { teamSize: 4, composition: [{ category: 'women', count: 2 }, { category: 'men', count: 2 }] },
    });
    for (const d of Object.values(divisions)) {
      await call('PUT', `/divisions/${d.id}/registration`, {
        opensAt: new Date(Date.now() - 3_600_000).toISOString(),
        closesAt: new Date(Date.now() + 86_400_000).toISOString(),
        capacity: 10,
        currency: 'EUR',
        waitlist: true,
      });
    }
    workoutId = (await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 })).id;
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && failed) await screenshot(failed, `failure-rosters-sizes-${ctx.task.name.slice(0, 30).replace(/\W+/g, '-')}`);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('athletes register themselves on their phones in each division', async () => {
    const [ivy, pam, pete, ann, bea, carl, dov, hana] = await Promise.all([
      signUp('Ivy', 'Solo'),
      signUp('Pam', 'Pair'),
      signUp('Pete', 'Pair'),
      signUp('Ann', 'Four'),
      signUp('Bea', 'Four'),
      signUp('Carl', 'Four'),
      signUp('Dov', 'Four'),
      signUp('Hana', 'Half'),
    ]);

    // An individual registers alone: no partner asked, confirmed at once.
    const ivyPhone = await registrationForm(ivy, 'Solo', 'Ivy Solo');
    expect(await ivyPhone.getByLabel("Partner's email").count()).toBe(0);
    await screenshot(ivyPhone, 'rosters-sizes-register-solo-390');
    await ivyPhone.getByRole('button', { name: 'Register', exact: true }).click();
    await ivyPhone.getByRole('status').filter({ hasText: 'Ivy Solo: Confirmed.' }).waitFor();

    // A pair as always: the captain invites the partner, who joins with the code.
    const pamPhone = await registrationForm(pam, 'Pairs', 'Pam & Pete');
    await pamPhone.getByLabel("Partner's email").fill(pete.email);
    await pamPhone.getByRole('button', { name: 'Register team' }).click();
    const pairCode = await shareCode(pamPhone, 'Team Pam & Pete: Waiting for partner');
    await joinWithCode(await athletePhone(browser, stack.baseUrl, pete, contexts), pairCode, 'Pam & Pete');

    // A team of four: the captain gives her category, three athletes join with the share code.
    const annPhone = await registrationForm(ann, 'Mixed Four', 'Four Square');
    await annPhone.getByLabel('Category').selectOption('women');
    await annPhone.getByRole('button', { name: 'Register team' }).click();
    const fourCode = await shareCode(annPhone, 'Team Four Square: Waiting for partner');
    for (const [athlete, category] of [[bea, 'women'], [carl, 'men'], [dov, 'men']] as const) {
      const phone = await athletePhone(browser, stack.baseUrl, athlete, contexts);
      failed = phone;
      await joinWithCode(phone, fourCode, 'Four Square', category);
    }

    // A second team of four whose athletes never come: the captain alone.
    const hanaPhone = await registrationForm(hana, 'Mixed Four', 'Half Four');
    await hanaPhone.getByLabel('Category').selectOption('women');
    await hanaPhone.getByRole('button', { name: 'Register team' }).click();
    await shareCode(hanaPhone, 'Team Half Four: Waiting for partner');

    await annPhone.goto('/public/me/registrations');
    const card = annPhone.getByTestId('my-registration').filter({ hasText: 'Four Square' });
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await card.getByText('Roster: 4 of 4 places taken').waitFor();
    const teams = await call<TeamRow[]>('GET', `/teams/by-event/${event.id}`);
    const rosters = Object.fromEntries(teams.map((t) => [t.name, t.athletes.map((a) => a.name)]));
    expect(rosters).toEqual({
      'Ivy Solo': ['Ivy Solo'],
      'Pam & Pete': ['Pam Pair', 'Pete Pair'],
      'Four Square': ['Ann Four', 'Bea Four', 'Carl Four', 'Dov Four'],
    });
  });

  it('the organiser confirms a roster by hand and swaps an athlete after the lock; the activity names them', async () => {
    const desk = await consolePage(1280, 800, `/admin/events/${event.id}/registrations`);
    const half = desk.getByRole('row').filter({ has: desk.getByRole('cell', { name: 'Half Four', exact: true }) });
    await half.getByText('3 places open').waitFor();
    await half.getByRole('button', { name: 'Roster…' }).click();
    const halfRoster = desk.getByRole('region', { name: 'Roster of Half Four' });
    await halfRoster.getByText('1 of 4 places taken.', { exact: false }).waitFor();
    await screenshot(desk, 'rosters-sizes-console-confirm-1280');
    await halfRoster.getByRole('button', { name: 'Confirm roster' }).click();
    await halfRoster.getByText(`Roster confirmed by hand by ${stack.username}`).waitFor();
    await half.getByText('Confirmed', { exact: true }).waitFor();

    // The rosters lock; the captain no longer can, the organiser still swaps Dov for Finn.
    const current = await call<{ name: string; dateFrom: string; dateTo: string; location: string }>('GET', `/events/${event.id}`);
    await call('PUT', `/events/${event.id}`, {
      name: current.name,
      dateFrom: current.dateFrom,
      dateTo: current.dateTo,
      location: current.location,
      rosterLockAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await desk.reload();
    const four = desk.getByRole('row').filter({ has: desk.getByRole('cell', { name: 'Four Square', exact: true }) });
    await four.getByText('Ann Four, Bea Four, Carl Four, Dov Four').waitFor();
    await four.getByRole('button', { name: 'Roster…' }).click();
    const fourRoster = desk.getByRole('region', { name: 'Roster of Four Square' });
    await fourRoster.getByText(/The rosters locked on/).waitFor();
    await fourRoster.getByRole('button', { name: 'Swap Dov Four' }).click();
    await fourRoster.getByLabel("Athlete's name").fill('Finn Typed');
    await fourRoster.getByLabel('Category').selectOption('men');
    await screenshot(desk, 'rosters-sizes-console-swap-1280');
    await fourRoster.getByRole('button', { name: 'Save the swap' }).click();
    await fourRoster.getByText('4. Finn Typed · men').waitFor();
    await four.getByText('Ann Four, Bea Four, Carl Four, Finn Typed').waitFor();

    // The same roster on a phone-sized console.
    const small = await consolePage(390, 844, `/admin/events/${event.id}/registrations`);
    const smallFour = small.getByRole('row').filter({ has: small.getByRole('cell', { name: 'Four Square', exact: true }) });
    await smallFour.getByRole('button', { name: 'Roster…' }).click();
    await small.getByRole('region', { name: 'Roster of Four Square' }).waitFor();
    await screenshot(small, 'rosters-sizes-console-roster-390');

    await desk.goto(`/admin/events/${event.id}/activity`);
    const feed = desk.getByRole('list', { name: 'Activity' });
    await feed.getByText(`Roster of team Half Four in Mixed Four confirmed by hand by ${stack.username}`).waitFor();
    await feed.getByText(new RegExp(`Team Four Square in Mixed Four: .*Finn Typed.*, by organiser ${stack.username}`)).waitFor();
  });

  it("the schedule and the judge's phone show each lane's roster; the boards show each division", async () => {
    const teams = await call<TeamRow[]>('GET', `/teams/by-event/${event.id}`);
    const team = (name: string) => teams.find((t) => t.name === name)!;
    expect(team('Half Four').athletes.map((a) => a.name)).toEqual(['Hana Half']);
    await call('POST', `/events/${event.id}/workouts/${workoutId}/heats/generate`, {
      divisionIds: Object.values(divisions).map((d) => d.id),
      lanesPerHeat: 8,
      order: 'name',
      firstStart: '2026-12-05T09:00:00Z',
      minutesBetween: 10,
    });

    // The public schedule on a phone: the individual by name, every team with its athletes.
    const phone = await athletePhone(browser, stack.baseUrl, null, contexts);
    failed = phone;
    await phone.goto(`/public/events/${event.id}/schedule`);
    await phone.getByRole('link', { name: 'Ivy Solo' }).waitFor();
    await phone.getByText('Ann Four • Bea Four • Carl Four • Finn Typed').waitFor();
    await phone.getByText('Pam Pair • Pete Pair').waitFor();
    await screenshot(phone, 'rosters-sizes-schedule-390');
    const wide = await (await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } })).newPage();
    contexts.push(wide.context());
    await wide.goto(`/public/events/${event.id}/schedule`);
    await wide.getByText('Ann Four • Bea Four • Carl Four • Finn Typed').waitFor();
    await screenshot(wide, 'rosters-sizes-schedule-1280');

    // The judge's phone: the lanes with their rosters, and the lane's header when it opens.
    const [link] = (await call<{ links: { token: string }[] }>('POST', `/events/${event.id}/judge-links`, { workoutId, stations: [{ lanes: [] }] })).links;
    const judge = await athletePhone(browser, stack.baseUrl, null, contexts);
    failed = judge;
    await judge.goto(`/judge/link#${link!.token}`);
    const fourLane = judge.getByRole('button').filter({ hasText: 'Four Square' });
    await fourLane.getByText('Ann Four, Bea Four, Carl Four, Finn Typed').waitFor();
    await judge.getByRole('button').filter({ hasText: 'Ivy Solo' }).waitFor();
    await screenshot(judge, 'rosters-sizes-judge-lanes-390');
    await fourLane.click();
    await judge.getByRole('heading', { level: 2 }).filter({ hasText: 'Four Square' }).getByText('Ann Four, Bea Four, Carl Four, Finn Typed').waitFor();
    await screenshot(judge, 'rosters-sizes-judge-lane-390');

    // The organiser enters and publishes every result.
    const times: Record<string, number> = { 'Ivy Solo': 250, 'Pam & Pete': 260, 'Four Square': 270, 'Half Four': 290 };
    await saveAndPublish(
      session,
      Object.entries(times).map(([name, resultValue]) => ({ teamId: team(name).id, workoutId, status: 'completed', resultValue })),
    );

    // The boards: the individual division says "Athlete", the teams list their athletes.
    const board = (d: Division) => `/public/events/${event.id}/divisions/${d.id}/leaderboard`;
    await wide.goto(board(divisions.solo));
    await wide.getByRole('columnheader', { name: 'Athlete', exact: true }).waitFor();
    expect(await wide.getByRole('columnheader', { name: 'Team', exact: true }).count()).toBe(0);
    await wide.getByText('1 athlete', { exact: false }).first().waitFor();
    await wide.getByRole('link', { name: /Ivy Solo/ }).first().waitFor();
    await screenshot(wide, 'rosters-sizes-board-solo-1280');
    await wide.goto(board(divisions.four));
    await wide.getByRole('columnheader', { name: 'Team', exact: true }).waitFor();
    await wide.getByText('Ann Four • Bea Four • Carl Four • Finn Typed').waitFor();
    await screenshot(wide, 'rosters-sizes-board-four-1280');
    await wide.goto(board(divisions.pairs));
    await wide.getByRole('columnheader', { name: 'Team', exact: true }).waitFor();
    await wide.getByText('Pam Pair • Pete Pair').waitFor();

    // On a phone a line opens to show its athletes.
    await phone.goto(board(divisions.solo));
    await phone.getByText('1 athlete', { exact: false }).first().waitFor();
    await phone.getByPlaceholder('Find athlete').waitFor();
    await phone.getByRole('button', { name: /Ivy Solo/ }).click();
    await phone.getByRole('link', { name: 'Athlete page' }).waitFor();
    await screenshot(phone, 'rosters-sizes-board-solo-390');
    await phone.goto(board(divisions.four));
    await phone.getByPlaceholder('Find team').waitFor();
    await phone.getByRole('button', { name: /Four Square/ }).click();
    await phone.getByText('Ann Four • Bea Four • Carl Four • Finn Typed').waitFor();
    await phone.getByRole('button', { name: /Half Four/ }).click();
    await phone.getByText('Hana Half').waitFor();
    await screenshot(phone, 'rosters-sizes-board-four-390');
  });

  it("the console exports a division's teams, opens the roster desk for teams only, and the image export shows rosters", async () => {
    // The registrations: "Roster…" for the team of four, none for the individual (nor, as ever, the pair).
    const desk = await consolePage(1280, 800, `/admin/events/${event.id}/registrations`);
    const row = (name: string) => desk.getByRole('row').filter({ has: desk.getByRole('cell', { name, exact: true }) });
    await row('Four Square').getByRole('button', { name: 'Roster…' }).waitFor();
    await row('Ivy Solo').getByText('Ivy Solo', { exact: true }).last().waitFor();
    expect(await row('Ivy Solo').getByRole('button', { name: 'Roster…' }).count()).toBe(0);
    expect(await row('Pam & Pete').getByRole('button', { name: 'Roster…' }).count()).toBe(0);

    // The division's teams download as the CSV the import reads, on a desktop and on a phone.
    const exportTeams = async (page: Page, shot: string) => {
      await page.goto(`/admin/divisions/${divisions.four.id}/teams`);
      await page.getByRole('cell', { name: 'Four Square' }).first().waitFor();
      await screenshot(page, shot);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export teams (CSV)' }).click()]);
      return readFileSync(await download.path(), 'utf8');
    };
    const csv = await exportTeams(desk, 'rosters-sizes-teams-export-1280');
    expect(csv).toContain('Team Name,Athlete 1,Athlete 2,Athlete 3,Athlete 4');
    expect(csv).toContain('Four Square,Ann Four,Bea Four,Carl Four,Finn Typed');
    const small = await consolePage(390, 844, `/admin/events/${event.id}`);
    expect(await exportTeams(small, 'rosters-sizes-teams-export-390')).toContain('Half Four,Hana Half');

    // A failed export says so and the page stays: the division went away meanwhile.
    const gone = await call<Division>('POST', '/divisions', { name: 'Gone', eventId: event.id, roster: { teamSize: 3 } });
    await desk.goto(`/admin/divisions/${gone.id}/teams`);
    await desk.getByText('No teams in this division yet').waitFor();
    await call('DELETE', `/divisions/${gone.id}`);
    await desk.getByRole('button', { name: 'Export teams (CSV)' }).click();
    await desk.getByRole('alert').filter({ hasText: /^The teams could not be exported: / }).waitFor();
    await screenshot(desk, 'rosters-sizes-teams-export-failed-1280');

    // The image export: a team of four with its athletes under its name; an individual by the
    // athlete's name, chosen as an athlete.
    const image = async (d: Division) => {
      await desk.goto(`/admin/events/${event.id}/results/entry?workout=${workoutId}&division=${d.id}`);
      const button = desk.getByRole('button', { name: /Export Image/ });
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
      await button.click();
      const dialog = desk.getByRole('dialog', { name: 'Export image' });
      await dialog.getByLabel(/Full Leaderboard/).check();
      await dialog.getByLabel(/Portrait/).check();
      return dialog;
    };
    const canvas = desk.getByTestId('export-image-canvas');
    const four = await image(divisions.four);
    await canvas.getByText('Four Square', { exact: true }).waitFor();
    await canvas.getByText('Ann Four • Bea Four • Carl Four • Finn Typed').waitFor();
    await four.getByRole('button', { name: 'Generate Preview' }).click();
    await four.getByTestId('export-image-preview').waitFor({ timeout: 30_000 });
    await screenshot(desk, 'rosters-sizes-image-four-1280');

    const solo = await image(divisions.solo);
    await solo.getByLabel(/Team Highlight/).check();
    await solo.getByRole('combobox', { name: 'Athlete' }).waitFor();
    await canvas.getByText('ATHLETE HIGHLIGHT').waitFor();
    await canvas.getByText('Ivy Solo', { exact: true }).waitFor();
    await solo.getByRole('button', { name: 'Generate Preview' }).click();
    await solo.getByTestId('export-image-preview').waitFor({ timeout: 30_000 });
    await screenshot(desk, 'rosters-sizes-image-solo-1280');
  });
});
