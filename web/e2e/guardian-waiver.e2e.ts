// A minor's waiver on phones (docs/waivers.md): the athlete, under 18 on the event date, types
// their name and birth date, is asked for their guardian, and the guardian accepts by the
// mailed link; the link then works no more, and the athlete's page says the waiver is accepted.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, takeBrowserProblems } from './browser';
import { api, createEvent, login } from './events';
import { startStack, type Stack } from './stack';
import { athletePhone } from './athlete-phone';
import { guardianAccepts, sendWaiverToGuardian } from './waivers';

let stack: Stack;
let browser: Browser;
const contexts: BrowserContext[] = [];
let eventId = '';
let divisionId = '';
let call: <T>(method: string, path: string, body?: unknown) => Promise<T>;

type Athlete = { email: string; token: string; expiresAt: string };
type Outbox = { mails: { to: string; text: string }[] };

async function signUp(first: string, last: string): Promise<Athlete> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  const password = 'athlete-e2e-passphrase';
  await api(stack.baseUrl, null, 'POST', '/athlete/sign-up', { email, password, firstName: first, lastName: last });
  const box = await call<Outbox>('GET', '/mail-outbox/auth');
  const link = /\/public\/athlete\/verify\?token=([A-Za-z0-9_%-]+)/.exec(box.mails.find((m) => m.to === email)?.text ?? '')?.[1];
  await api(stack.baseUrl, null, 'POST', '/athlete/verify-email', { token: decodeURIComponent(link ?? '') });
  const { token, expiresAt } = await api<{ token: string; expiresAt: string }>(stack.baseUrl, null, 'POST', '/athlete/sign-in', { email, password });
  return { email, token, expiresAt };
}

describe("a minor's waiver", () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const event = await createEvent(session, { name: 'Junior Games', dateFrom: '2027-03-06', dateTo: '2027-03-06', status: 'PUBLISHED' });
    eventId = event.id;
    ({
      division: { id: divisionId },
    } = await event.division('Teen Pairs', '', []));
    await call('PUT', `/divisions/${divisionId}/registration`, {
      opensAt: new Date(Date.now() - 3_600_000).toISOString(),
      closesAt: new Date(Date.now() + 86_400_000).toISOString(),
      capacity: 20,
      currency: 'EUR',
      waitlist: true,
    });
    await call('PUT', `/events/${eventId}/waiver`, { body: '**Junior Games waiver.** I take part at my own risk.' });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await stack?.stop();
  });

  it('goes to the guardian by mail, and their acceptance is the athlete’s', async () => {
    const mia = await signUp('Mia', 'Young');
    const noah = await signUp('Noah', 'Young');
    const reg = await api<{ shareCode: string }>(stack.baseUrl, mia.token, 'POST', `/registration/events/${eventId}/registrations`, {
      divisionId,
      teamName: 'Young Guns',
      partnerEmail: '',
    });
    await api(stack.baseUrl, noah.token, 'POST', '/registration/accept', { code: reg.shareCode });

    const phone = await athletePhone(browser, stack.baseUrl, mia, contexts);
    await phone.goto('/public/me/registrations');
    const guardian = `guardian.${Date.now()}@example.com`;
    await sendWaiverToGuardian(phone, 'Mia Young', '2011-05-01', guardian);
    await screenshot(phone, 'guardian-pending-390');

    const box = await call<Outbox>('GET', '/mail-outbox/competition');
    const key = /\/public\/waiver\/guardian\/([A-Za-z0-9_-]+)/.exec(box.mails.find((m) => m.to === guardian)?.text ?? '')?.[1];
    expect(key).toBeTruthy();
    const guardianPhone = await athletePhone(browser, stack.baseUrl, null, contexts);
    await guardianAccepts(guardianPhone, `/public/waiver/guardian/${key}`, 'Mia Young', 'Junior Games', 'Ella Young', 'Junior Games waiver.', 'guardian');

    await phone.reload();
    await phone.getByText('Waiver accepted (version 1).').waitFor();

    // The organiser's check-in sees it accepted.
    const states = await call<{ athletes: { athleteName: string; state: string }[] }>('GET', `/events/${eventId}/waivers`);
    expect(states.athletes.find((a) => a.athleteName === 'Mia Young')?.state).toBe('accepted');

    expect(takeBrowserProblems()).toEqual([]);
  });
});
