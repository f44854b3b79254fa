// The athlete's account on a phone, against the real stack and a real SMTP server (Mailpit):
// sign up → the confirmation mail arrives → its link confirms the address → sign in → the
// profile is edited and kept; then a forgotten password is reset by mail, and an admin reads
// the sent mails on the console's Outbox page, without their links.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { startMailpit, type Mailpit } from './mailpit';
import { startStack, type Stack } from './stack';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const ATHLETE = { email: 'maja.nord@example.com', password: 'maja-lifts-heavy-things', first: 'Maja', last: 'Nord' };

let stack: Stack;
let mailpit: Mailpit;
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The path and query of the first link in text to the athlete page named page. */
function linkTo(text: string, name: string): string {
  const match = new RegExp(`https?://\\S+?(/public/athlete/${name}\\?token=[A-Za-z0-9_%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${name} link in ${text}`);
  return match[1];
}

async function both(name: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-1440`);
  await page.setViewportSize(PHONE);
  await screenshot(page, `${name}-390`);
}

beforeAll(async () => {
  mailpit = await startMailpit();
  stack = await startStack({ PODIUM_SMTP_URL: mailpit.smtpUrl, PODIUM_MAIL_FROM: 'Podium <no-reply@podium.test>', PODIUM_PUBLIC_URL: 'https://podium.test' });
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: stack.baseUrl, viewport: PHONE });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await stack?.stop();
  await mailpit?.stop();
});

describe('athlete account', () => {
  it('signs up, confirms the address from the mail, signs in and edits the profile', async () => {
    await page.goto('/public/events');
    await page.getByRole('link', { name: 'Athlete sign-in' }).click();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your athlete account' }).waitFor();

    // Bad input is named field by field, before any call.
    await page.getByLabel('Email address').fill('maja');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter a valid email address, like name@example.com').waitFor();
    await page.getByText('Please enter your first name').waitFor();
    await both('athlete-sign-up-errors');

    await page.getByLabel('Email address').fill(ATHLETE.email);
    await page.getByLabel('First name').fill(ATHLETE.first);
    await page.getByLabel('Last name').fill(ATHLETE.last);
    await page.locator('#password').fill(ATHLETE.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Check your email').waitFor();
    await both('athlete-sign-up-done');

    // Signing in before confirming says what to do.
    await page.goto('/public/athlete/sign-in');
    await page.getByLabel('Email address').fill(ATHLETE.email);
    await page.getByLabel('Password').fill(ATHLETE.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Please confirm your email address first').waitFor();

    const mail = await mailpit.waitFor(ATHLETE.email, 'Confirm your email address');
    expect(mail.text).toContain('Hello Maja,');
    await page.goto(linkTo(mail.text, 'verify'));
    await page.getByText('Your email address is confirmed.').waitFor();
    await both('athlete-verified');

    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await page.getByLabel('Email address').fill(ATHLETE.email);
    await page.getByLabel('Password').fill(ATHLETE.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/public/athlete/profile');
    await page.getByLabel('First name').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Maja');

    // A bad birth year is named and nothing is saved; the typed club stays.
    await page.getByLabel('Club or box').fill('CrossFit Nordhavn');
    await page.getByLabel('Country').fill('Denmark');
    await page.getByLabel('Birth year').fill('1850');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Birth year must be between 1900 and').waitFor();
    expect(await page.getByLabel('Club or box').inputValue()).toBe('CrossFit Nordhavn');
    await page.getByLabel('Birth year').fill('1996');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    await both('athlete-profile');

    await page.reload();
    await page.getByLabel('Club or box').waitFor();
    expect(await page.getByLabel('Club or box').inputValue()).toBe('CrossFit Nordhavn');
    expect(await page.getByLabel('Birth year').inputValue()).toBe('1996');
    expect(await page.getByRole('link', { name: 'My profile' }).isVisible()).toBe(true);
    // The athlete's session is not the console's: the console still asks for a staff sign-in.
    expect(await page.evaluate(() => localStorage.getItem('podium.token'))).toBeNull();
  });

  it('resets a forgotten password by mail', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/public/athlete/sign-in');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in page has an "Email address" too: fill the form's once its page has come (a lazy
    // route, slow on a busy machine).
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await page.getByLabel('Email address').fill(ATHLETE.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('If an athlete account exists for').waitFor();
    await both('athlete-forgot-password');

    const mail = await mailpit.waitFor(ATHLETE.email, 'Reset your Podium password');
    await page.goto(linkTo(mail.text, 'reset-password'));
    await page.locator('#password').fill('maja-has-a-new-passphrase');
    await page.getByLabel('Repeat new password').fill('maja-has-a-new-passphrase');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is changed').waitFor();
    await both('athlete-reset-password');

    await page.goto('/public/athlete/sign-in');
    await page.getByLabel('Email address').fill(ATHLETE.email);
    await page.getByLabel('Password').fill('maja-has-a-new-passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/public/athlete/profile');
  });

  it('comes back to the page that asked for sign-in, never to another site', async () => {
    const signIn = async () => {
      await page.getByLabel('Email address').fill(ATHLETE.email);
      await page.getByLabel('Password').fill('maja-has-a-new-passphrase');
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/public/athlete/sign-in');
    await page.goto('/public/me/registrations');
    await page.waitForURL('**/public/athlete/sign-in?next=**');
    await signIn();
    await page.waitForURL((url) => url.pathname === '/public/me/registrations');

    for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      await page.goto('/public/athlete/profile');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL('**/public/athlete/sign-in');
      await page.goto(`/public/athlete/sign-in?next=${encodeURIComponent(next)}`);
      await signIn();
      await page.waitForURL((url) => url.pathname === '/public/athlete/profile');
      expect(new URL(page.url()).origin).toBe(new URL(stack.baseUrl).origin);
    }
  });

  it('shows an admin every mail on the Outbox page', async () => {
    const admin = await (await browser.newContext({ baseURL: stack.baseUrl, viewport: DESKTOP })).newPage();
    await admin.goto('/login');
    await admin.getByLabel('Username').fill(stack.username);
    await admin.getByLabel('Password').fill(stack.password);
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.waitForURL('**/admin/events');
    await admin.getByRole('link', { name: 'Outbox' }).click();
    await admin.getByText('Reset your Podium password').waitFor();
    await admin.getByText('Confirm your email address for Podium').waitFor();
    await admin.getByText('Your Podium password was changed').waitFor();
    expect(await admin.getByText('Sent', { exact: true }).count()).toBe(3);
    // With a mail server a link is its recipient's alone: staff read a note in its place.
    await admin.getByText('Confirm your email address for Podium').click();
    await admin.locator('details[open]').getByText('This mail carries a link or code for its recipient alone').waitFor();
    expect(await admin.getByText('/public/athlete/verify?token=').count()).toBe(0);
    await screenshot(admin, 'outbox-1440');
    await admin.setViewportSize(PHONE);
    await screenshot(admin, 'outbox-390');
  });

  it("downloads the athlete's data; a wrong password deletes nothing", async () => {
    await page.goto('/public/athlete/profile');
    await page.getByRole('button', { name: 'Download my data' }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toBe('podium-my-data.csv');
    const { readFileSync } = await import('node:fs');
    const file = readFileSync((await download.path()) ?? '', 'utf8');
    expect(file).toContain(`Account,Email address,${ATHLETE.email}`);
    expect(file).toContain('Profile,Club or box,CrossFit Nordhavn');

    await page.getByRole('button', { name: 'Delete my account…' }).click();
    await page.getByLabel('Your password').fill('not-majas-passphrase');
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await page.getByText('The password is not right: your account was not deleted.').waitFor();
    await screenshot(page, 'athlete-delete-wrong-password-390');
    // The deletion itself: competition-svc/athlete_data_api_test.go (TestAthleteDeletesTheirAccount).
    await page.getByRole('button', { name: 'Keep my account' }).click();
  });

  it('refuses the 21st sign-up from one address in 15 minutes with a clear message', async () => {
    // One sign-up came from this address in the first test; 19 more reach the limit of 20.
    await page.goto('/public/events');
    const codes = await page.evaluate(async () => {
      const out: number[] = [];
      for (let i = 0; i < 19; i++) {
        const r = await fetch('/api/athlete/sign-up', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ email: `rush${i}@example.com`, password: 'a-rush-passphrase', firstName: 'Rush', lastName: 'Hour' }),
        });
        out.push(r.status);
      }
      return out;
    });
    expect(codes.every((c) => c === 200)).toBe(true);
    await page.goto('/public/athlete/sign-up');
    await page.getByLabel('Email address').fill('one.too.many@example.com');
    await page.getByLabel('First name').fill('One');
    await page.getByLabel('Last name').fill('Toomany');
    await page.locator('#password').fill('one-too-many-passphrase');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The window started with the first sign-up of the first test, a few minutes ago.
    const limited = page.getByText(/^Too many sign-up attempts\. Please try again in \d+ minutes\.$/);
    await limited.or(page.getByText('Check your email')).first().waitFor();
    expect(await limited.isVisible(), await page.locator('main').innerText()).toBe(true);
    // What was typed stays, so the athlete can try again later without typing it anew.
    expect(await page.getByLabel('Email address').inputValue()).toBe('one.too.many@example.com');
    await screenshot(page, 'athlete-sign-up-limit-390');
  });

  it('deletes the account and says so on a page of its own', async () => {
    await page.goto('/public/athlete/profile');
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    await page.getByLabel('Your password').fill('maja-has-a-new-passphrase');
    await page.getByRole('button', { name: 'Delete my account', exact: true }).click();
    await page.getByRole('heading', { name: 'Account deleted' }).waitFor();
    await page.getByRole('status').getByText('Your athlete account is deleted and you are signed out.', { exact: false }).waitFor();
    await screenshot(page, 'athlete-account-deleted-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'athlete-account-deleted-1280');
    await page.setViewportSize(PHONE);
    // Signed out: the profile page offers sign-in, and the old password no longer opens it.
    await page.goto('/public/athlete/sign-in');
    await page.getByLabel('Email address').fill(ATHLETE.email);
    await page.getByLabel('Password').fill('maja-has-a-new-passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
  });
});
