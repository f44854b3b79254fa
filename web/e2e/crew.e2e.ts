// The crew (docs/crew.md) in a browser: a volunteer signs up on a phone from the public event
// page, a refusal naming the field keeps what was typed; they open their own page by the mailed
// link and confirm their address; the organiser puts them on a shift, sees them on the no-reply
// list, generates the rotation and finds them on it, every place without a judge marked "Gap";
// their judge cards carry their name and only their lane of each heat.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import { athletePhone } from './athlete-phone';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical WCAG violations axe finds on the page as it is (accessibility.e2e.ts
 * runs it over the app's other routes). */
async function axeProblems(p: Page): Promise<string[]> {
  await p.evaluate(AXE);
  const found = await p.evaluate(async () => {
    type Found = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: object, o: object) => Promise<{ violations: Found[] }> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })).violations;
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

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

describe('the crew from sign-up to the rotation', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Crew Games', dateFrom: '2026-12-12', dateTo: '2026-12-12', status: 'PUBLISHED' });
    eventId = event.id;
    const { division } = await event.division('Open', '', [{ name: 'Alpha' }, { name: 'Bravo' }, { name: 'Charlie' }]);
    const fran = await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    await call('POST', `/events/${eventId}/workouts/${fran.id}/heats/generate`, {
      divisionIds: [division.id],
      lanesPerHeat: 2,
      order: 'name',
      firstStart: '2026-12-12T09:00:00Z',
      minutesBetween: 15,
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('signs a volunteer up on a phone and puts them on the rotation', async () => {
    // The volunteer, on a phone, without an account.
    const phone = await athletePhone(browser, stack.baseUrl, null, contexts);
    await phone.goto(`/public/events/${eventId}`);
    await phone.getByRole('button', { name: 'Sign up as a volunteer' }).click();
    await phone.getByLabel('Name').fill('Ann Judge');
    await phone.getByLabel('Email').fill('ann.judge@example.com');
    await phone.getByLabel('Judge', { exact: true }).check();
    await phone.getByLabel('Club').fill('North Box');
    // No course: refused naming the field, everything typed still there.
    await phone.getByLabel('Level').selectOption('2');
    await phone.getByLabel('Valid until').fill('2027-12-31');
    await phone.getByRole('button', { name: 'Sign up', exact: true }).click();
    await phone.getByText('Not signed up: please correct the field marked above.').waitFor();
    expect(await phone.getByRole('alert').filter({ hasText: /credential/i }).count()).toBeGreaterThan(0);
    expect(await phone.getByLabel('Name').inputValue()).toBe('Ann Judge');
    await phone.getByLabel('Course').fill('Judges Course');
    await screenshot(phone, 'crew-sign-up-390');
    expect(await axeProblems(phone)).toEqual([]);
    await phone.getByRole('button', { name: 'Sign up', exact: true }).click();
    await phone.getByText('Confirm your address with the link we mailed you').waitFor();

    // Their page by the mailed link: confirm the address.
    const box = await call<{ mails: { to: string; text: string }[] }>('GET', '/mail-outbox/competition');
    const key = /\/public\/volunteer\/([A-Za-z0-9_-]+)/.exec(box.mails.find((m) => m.to === 'ann.judge@example.com')?.text ?? '')?.[1];
    expect(key, 'the volunteer link').toBeTruthy();
    await phone.goto(`/public/volunteer/${key}`);
    await phone.getByRole('heading', { name: 'Volunteering: Ann Judge' }).waitFor();
    await phone.getByRole('button', { name: 'Confirm my address' }).click();
    await phone.getByRole('button', { name: 'Confirm my address' }).waitFor({ state: 'detached' });

    // The organiser at a desk: a shift, the no-reply list, the rotation.
    const desk = await organiserPage(1280, 800, `/admin/events/${eventId}/crew`);
    await desk.getByText('1 volunteer', { exact: true }).waitFor();
    await desk.getByLabel('Starts').fill('2026-12-12T08:00');
    await desk.getByLabel('Ends').fill('2026-12-12T12:00');
    await desk.getByLabel('Needed').fill('2');
    await desk.getByRole('button', { name: 'Add shift' }).click();
    const shift = desk.getByTestId('crew-shift');
    await shift.getByText('0 of 2 places taken').waitFor();
    await shift.getByLabel('Choose a volunteer').selectOption({ label: 'Ann Judge' });
    await shift.getByRole('button', { name: 'Put on shift' }).click();
    await shift.getByText('1 of 2 places taken').waitFor();
    await desk.getByText('No reply yet: 1 volunteer').waitFor();

    await desk.getByRole('button', { name: 'Generate the rotation' }).click();
    await desk.getByRole('status').filter({ hasText: /places have no judge/ }).waitFor();
    // Ann judges lanes; the head judge places (nobody offered) are gaps, said in words too.
    expect(await desk.getByTestId('rotation-place').filter({ hasText: 'Ann Judge' }).count()).toBeGreaterThan(0);
    const gaps = desk.getByTestId('rotation-gap');
    expect(await gaps.count()).toBeGreaterThan(0);
    expect(await gaps.first().innerText()).toContain('Gap');
    await screenshot(desk, 'crew-console-1280');
    expect(await axeProblems(desk)).toEqual([]);

    // Her judge cards: one per heat and lane she holds, with her name, each naming only her lane.
    await desk.getByRole('button', { name: 'Make 2 cards' }).click();
    const cards = desk.getByRole('article', { name: 'Judge card Ann Judge' });
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    for (const card of await cards.all()) {
      const lanes = card.getByRole('list', { name: 'Teams' }).getByRole('listitem');
      await lanes.first().waitFor(); // the card's teams come with the heat's, after the card
      const teams = await lanes.allInnerTexts();
      expect(teams).toHaveLength(1);
      expect(teams[0]).toMatch(/^Lane 1: (Alpha|Bravo)$/);
      // On screen, the packet of the judge the rotation puts on the card's place.
      expect(await card.getByRole('link', { name: 'Packet of Ann Judge to print' }).getAttribute('href')).toMatch(
        new RegExp(`^/admin/events/${eventId}/crew/packet/[0-9a-f-]{36}$`),
      );
    }
    await screenshot(desk, 'crew-judge-cards-1280');
    // Printed, the card carries no packet link: its address opens nothing for the judge.
    await desk.emulateMedia({ media: 'print' });
    expect(await cards.first().getByRole('link', { name: 'Packet of Ann Judge to print' }).isVisible()).toBe(false);
    expect(await cards.first().isVisible()).toBe(true);
    await desk.emulateMedia({ media: 'screen' });

    // The organiser's screen on a phone too.
    const small = await organiserPage(390, 844, `/admin/events/${eventId}/crew`);
    await small.getByTestId('rotation-gap').first().waitFor();
    await screenshot(small, 'crew-console-390');

    // Ann's page now lists her shift to confirm and where she judges.
    await phone.reload();
    await phone.getByRole('button', { name: 'Confirm this shift' }).click();
    await phone.getByText('Confirmed', { exact: false }).first().waitFor();
    await phone.getByRole('heading', { name: 'Where you judge' }).waitFor();
    await screenshot(phone, 'crew-volunteer-page-390');
    expect(await axeProblems(phone)).toEqual([]);
    await desk.reload();
    await desk.getByText('Every volunteer on a shift has confirmed it.').waitFor();

    expect(takeBrowserProblems()).toEqual([]);
  });
});
