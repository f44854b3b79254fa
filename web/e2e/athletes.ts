// Athlete accounts for the browser tests: signed up through the public API and confirmed with
// the link of the mail auth queued (read from the admin's outbox), then signed in, as an
// athlete does it; the session is what athletePhone puts in a phone's storage.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AthleteSession } from './athlete-phone';
import { api } from './events';
import { linkIn, type Mailpit } from './mailpit';

export const ATHLETE_PASSWORD = 'athlete-e2e-passphrase';

/** A confirmed, signed-in athlete; adminToken reads the auth outbox. */
export async function signUpAthlete(baseUrl: string, adminToken: string, first: string, last: string): Promise<AthleteSession> {
  const email = `${first}.${last}.${Date.now()}@example.com`.toLowerCase();
  await api(baseUrl, null, 'POST', '/athlete/sign-up', { email, password: ATHLETE_PASSWORD, firstName: first, lastName: last });
  const box = await api<{ mails: { to: string; text: string }[] }>(baseUrl, adminToken, 'GET', '/mail-outbox/auth');
  const link = /\/public\/athlete\/verify\?token=([A-Za-z0-9_%-]+)/.exec(box.mails.find((m) => m.to === email)?.text ?? '')?.[1];
  expect(link, `confirmation mail to ${email}`).toBeTruthy();
  await api(baseUrl, null, 'POST', '/athlete/verify-email', { token: decodeURIComponent(link ?? '') });
  const { token, expiresAt } = await api<{ token: string; expiresAt: string }>(baseUrl, null, 'POST', '/athlete/sign-in', { email, password: ATHLETE_PASSWORD });
  return { email, token, expiresAt };
}

/** A confirmed, signed-in athlete whose confirmation link was mailed through Mailpit (a stack
 * with PODIUM_SMTP_URL shows no secret mail's text in the outbox). */
export async function signUpByMail(baseUrl: string, mailpit: Mailpit, first: string, last: string): Promise<AthleteSession> {
  const email = `${first}.${last}@example.com`.toLowerCase();
  await api(baseUrl, null, 'POST', '/athlete/sign-up', { email, password: ATHLETE_PASSWORD, firstName: first, lastName: last });
  const mail = await mailpit.waitFor(email, 'Confirm your email address');
  const token = new URL(linkIn(mail.text, '/public/athlete/verify?'), 'http://x').searchParams.get('token');
  await api(baseUrl, null, 'POST', '/athlete/verify-email', { token });
  const s = await api<{ token: string; expiresAt: string }>(baseUrl, null, 'POST', '/athlete/sign-in', { email, password: ATHLETE_PASSWORD });
  return { email, token: s.token, expiresAt: s.expiresAt };
}

/** On the athlete's page: joins a team with its code (share code or invitation), as the given
 * category when the division asks one, and waits for the page to say so. */
export async function joinWithCode(phone: Page, code: string, team: string, category?: string): Promise<void> {
  await phone.goto(`/public/registration/accept?code=${code}`);
  await phone.getByTestId('invitation').waitFor();
  if (category) await phone.getByLabel('Category').selectOption(category);
  await phone.getByRole('button', { name: 'Join the team' }).click();
  await phone.getByRole('status').filter({ hasText: `You joined team ${team}` }).waitFor();
}
