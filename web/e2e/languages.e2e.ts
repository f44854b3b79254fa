// Languages (docs/architecture.md, "Languages"): the spec's screens, the judge's phone and the
// public site in English and German, chosen by the browser, by the header's switch and by the
// account; the spec's German words exact in German and translated in English.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId: string;
let divisionId: string;
let teamId: string;

const JUDGE = { username: 'polyglot-judge', password: 'polyglot-judge-passphrase' };

async function page(locale: string, phone = false): Promise<Page> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    locale,
    ...(phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } }),
  });
  contexts.push(context);
  return context.newPage();
}

async function signIn(p: Page, username: string, password: string, next: string, labels: { user: string; password: string; button: string }) {
  await p.goto(next);
  await p.waitForURL('**/login');
  await p.getByLabel(labels.user).fill(username);
  await p.getByLabel(labels.password).fill(password);
  await p.getByRole('button', { name: labels.button }).click();
  await p.waitForURL(`**${next}`);
}
const EN = { user: 'Username', password: 'Password', button: 'Sign in' };
const DE = { user: 'Benutzername', password: 'Passwort', button: 'Anmelden' };

describe('languages', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Polyglot Open', dateFrom: '2026-09-01', dateTo: '2026-09-01', status: 'IN_PROGRESS' });
    eventId = event.id;
    const { division, teams } = await event.division('Elite', '', [{ name: 'Alpha Barbell' }, { name: 'Bravo Burpee' }]);
    divisionId = division.id;
    teamId = teams[0]!.id;
    const workout = await event.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
    await call('POST', `/events/${eventId}/workouts/${workout.id}/heats/generate`, {
      divisionIds: [divisionId], lanesPerHeat: 2, order: 'name', firstStart: '2026-09-01T09:00:00Z', minutesBetween: 10,
    });
    const judge = await call<{ id: string }>('POST', '/users', { ...JUDGE, role: 'scorer' });
    await call('PUT', `/events/${eventId}/access/${judge.id}`, { role: 'scorer' });
  });

  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      for (const [i, c] of contexts.entries()) for (const p of c.pages()) await screenshot(p, `failure-languages-${i}`);
    }
  });

  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
    await stack?.stop();
  });

  it("the organiser's event and workout screens: the spec's German exact in German, translated in English", async () => {
    for (const [locale, labels, words] of [
      ['en-GB', EN, { status: ['Draft', 'Published', 'Running'], help: 'Format: MM:SS (01:00 to 60:00). Leave empty for no time cap.', time: 'Time' }],
      ['de-DE', DE, { status: ['Entwurf', 'Veröffentlicht', 'Läuft'], help: 'Format: MM:SS (01:00 bis 60:00). Leer lassen für keine Zeitbegrenzung.', time: 'Zeit' }],
    ] as const) {
      const p = await page(locale);
      await signIn(p, stack.username, stack.password, `/admin/events/${eventId}`, labels);
      expect(await p.evaluate(() => document.documentElement.lang)).toBe(locale.slice(0, 2));
      for (const name of words.status) await p.getByRole('button', { name, exact: true }).waitFor();
      expect(await p.getByRole('button', { name: words.status[2], exact: true }).getAttribute('aria-pressed')).toBe('true');
      await p.goto(`/admin/events/${eventId}/workouts/new`);
      await p.getByText(words.help).waitFor();
      expect(await p.locator('#workout-score-type option:checked').innerText()).toBe(words.time);
      await screenshot(p, `languages-workout-form-${locale}`);
    }
  });

  it("the judge's phone in German; the choice follows the account to another phone", async () => {
    const phone = await page('de-DE', true);
    await signIn(phone, JUDGE.username, JUDGE.password, '/judge', DE);
    await phone.getByLabel('Event').selectOption({ label: 'Polyglot Open' });
    await phone.getByLabel('Workout').selectOption({ label: 'Fran' });
    await phone.getByLabel('Lauf').selectOption({ index: 1 });
    await phone.getByRole('button', { name: /Bravo Burpee/ }).click();
    await phone.getByText('Fran · Zeit · Cap 10:00').waitFor();
    await phone.getByRole('radio', { name: 'CAP + Wdh.' }).waitFor();
    await screenshot(phone, 'languages-judge-de');

    // The judge switches to English in the header: the screen follows at once.
    await phone.getByLabel('Sprache').selectOption('en');
    await phone.getByText('Fran · Time · Cap 10:00').waitFor();
    await phone.getByRole('radio', { name: 'CAP + reps' }).waitFor();

    // On another phone whose browser asks for German, the account's English wins.
    const other = await page('de-DE', true);
    await signIn(other, JUDGE.username, JUDGE.password, '/judge', DE);
    await other.getByRole('heading', { name: 'Judge' }).waitFor();
    await other.getByLabel('Language').waitFor();
  });

  it('the public site follows the browser, and the switch in its header wins and stays', async () => {
    const p = await page('de-DE', true);
    await p.goto('/public/events');
    await p.getByRole('link', { name: 'Rangliste ansehen' }).first().waitFor();
    await p.getByText('Läuft').first().waitFor();
    await screenshot(p, 'languages-public-events-de-390');
    await p.goto(`/public/teams/${teamId}`);
    await p.getByRole('heading', { name: 'Gesamtleistung' }).waitFor();

    await p.getByLabel('Sprache').selectOption('es');
    await p.getByRole('heading', { name: 'Rendimiento global' }).waitFor();
    await p.reload();
    await p.getByRole('heading', { name: 'Rendimiento global' }).waitFor();
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('es');
    await screenshot(p, 'languages-public-team-es-390');

    const en = await page('en-US');
    await en.goto('/public/events');
    await en.getByRole('link', { name: 'View Leaderboard' }).first().waitFor();
    await en.getByText('In Progress').first().waitFor();
  });
});
