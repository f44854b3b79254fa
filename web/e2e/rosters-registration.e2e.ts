// Registration by team size (docs/rosters.md, "Registration by size"), on phones: a team of four
// "2 women + 2 men" is registered by its captain, who invites one athlete by email; three
// athletes join (the invitation link and the share code), each with their category; the team is
// confirmed; the captain swaps an athlete before the event's roster lock and is refused after it.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import { athletePhone, type AthleteSession } from './athlete-phone';
import { joinWithCode, signUpAthlete } from './athletes';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

type Athlete = AthleteSession;
let adminToken = '';

const signUp = (first: string, last: string): Promise<Athlete> => signUpAthlete(stack.baseUrl, adminToken, first, last);

/** The athlete joins on their phone with a code, as the given category. */
async function join(athlete: Athlete, code: string, category: string): Promise<Page> {
  const phone = await athletePhone(browser, stack.baseUrl, athlete, contexts);
  await joinWithCode(phone, code, 'Four Square', category);
  return phone;
}

describe('a team of four registers, is confirmed and changes its roster until the lock', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    adminToken = session.token;
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Four Square Games', dateFrom: '2026-12-05', dateTo: '2026-12-06', status: 'PUBLISHED' });
    eventId = event.id;
    const division = await call<{ id: string }>('POST', '/divisions', {
      name: 'Mixed Four',
      eventId,
      roster: { teamSize: 4, substitutes: 1, composition: [{ category: 'women', count: 2 }, { category: 'men', count: 2 }] },
    });
    await call('PUT', `/divisions/${division.id}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 10,
      currency: 'EUR',
      waitlist: true,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('registers by share code and email, confirms the team, swaps before the lock and not after', async () => {
    const [ann, ben, cleo, dan] = await Promise.all([signUp('Ann', 'Four'), signUp('Ben', 'Four'), signUp('Cleo', 'Four'), signUp('Dan', 'Four')]);

    // Ann registers on her phone: her category, Ben invited by email, the other places open.
    const annPhone = await athletePhone(browser, stack.baseUrl, ann, contexts);
    await annPhone.goto(`/public/events/${eventId}`);
    await annPhone.getByLabel('Team name').fill('Four Square');
    await annPhone.getByLabel('Category').selectOption('women');
    await annPhone.getByLabel('Athlete 2: email').fill(ben.email);
    await screenshot(annPhone, 'rosters-register-390');
    await annPhone.getByRole('button', { name: 'Register team' }).click();
    const done = annPhone.getByRole('status').filter({ hasText: 'Team Four Square: Waiting for partner' });
    await done.waitFor();
    const code = /: ([A-Z2-9]{10})$/.exec((await done.getByText("Share code for your team's athletes").innerText()).trim())?.[1] ?? '';
    expect(code).toMatch(/^[A-Z2-9]{10}$/);

    // Cleo and Dan join with the share code, Ben with his invitation's link.
    await join(cleo, code, 'women');
    await join(ben, code, 'men');
    await join(dan, code, 'men');

    // The team is complete and confirmed; Ann swaps Dan for Finn before the lock.
    await annPhone.goto('/public/me/registrations');
    const card = annPhone.getByTestId('my-registration').filter({ hasText: 'Four Square' });
    await card.getByText('Confirmed', { exact: true }).waitFor();
    await card.getByText('Roster: 4 of 4 places taken').waitFor();
    await card.getByRole('button', { name: 'Swap Dan Four' }).click();
    await card.getByLabel("Athlete's name").fill('Finn Typed');
    await card.getByLabel('Category').selectOption('men');
    await screenshot(annPhone, 'rosters-swap-390');
    await card.getByRole('button', { name: 'Save the swap' }).click();
    await card.getByText('4. Finn Typed · men').waitFor();
    const teams = await call<{ athletes: { name: string }[] }[]>('GET', `/teams/by-event/${eventId}`);
    expect(teams[0]?.athletes.map((a) => a.name)).toEqual(['Ann Four', 'Ben Four', 'Cleo Four', 'Finn Typed']);

    // The same page on a desk.
    const deskContext = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1280, height: 800 } });
    contexts.push(deskContext);
    await deskContext.addInitScript((a: Athlete) => {
      if (!location.protocol.startsWith('http')) return;
      localStorage.setItem('podium.athlete.token', a.token);
      localStorage.setItem('podium.athlete.email', a.email);
      localStorage.setItem('podium.athlete.expiresAt', a.expiresAt);
    }, ann);
    const desk = await deskContext.newPage();
    await desk.goto('/public/me/registrations');
    await desk.getByTestId('team-roster').waitFor();
    await screenshot(desk, 'rosters-mine-1280');

    // The organiser locks the rosters: Ann's page says so and offers no change; the server refuses one.
    const event = await call<{ name: string; dateFrom: string; dateTo: string; location: string }>('GET', `/events/${eventId}`);
    await call('PUT', `/events/${eventId}`, {
      name: event.name,
      dateFrom: event.dateFrom,
      dateTo: event.dateTo,
      location: event.location,
      rosterLockAt: new Date(Date.now() - 60_000).toISOString(),
    });
    await annPhone.reload();
    await card.getByText(/The rosters locked on/).waitFor();
    expect(await card.getByRole('button', { name: /^Swap/ }).count()).toBe(0);
    await screenshot(annPhone, 'rosters-locked-390');
    const registrationId = (await api<{ id: string }[]>(stack.baseUrl, ann.token, 'GET', '/registration/mine'))[0]?.id;
    await expect(
      api(stack.baseUrl, ann.token, 'POST', `/registration/registrations/${registrationId}/roster`, { teamName: 'Late Name' }),
    ).rejects.toThrow(/The rosters of Four Square Games locked on/);

    expect(takeBrowserProblems()).toEqual([]);
  });
});
