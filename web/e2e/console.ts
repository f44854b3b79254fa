// Helpers of the console's browser tests: signing in, answering dialogs, one signed-in page.
import { errors, type Browser, type BrowserContext, type Dialog, type Locator, type Page } from 'playwright-core';
import { launchBrowser, screenshot } from './browser';
import type { Stack } from './stack';

export async function signIn(page: Page, stack: Stack): Promise<void> {
  await page.getByLabel('Username').fill(stack.username);
  await page.getByLabel('Password').fill(stack.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Clicks a link and waits until the page is at url. The event page's cards load their data
 * each on its own, so on a busy machine a link below them can move between Playwright's
 * checks and the click, which then lands beside it: a click that took the page nowhere is
 * made again, twice at most.
 */
export async function followLink(page: Page, link: Locator, url: string | RegExp): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await link.click();
    try {
      await page.waitForURL(url, { timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3 || !(error instanceof errors.TimeoutError)) throw error;
    }
  }
}

/** Answers the next browser dialog (confirm/alert) and returns its text. */
export function nextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      const text = dialog.message();
      void (accept ? dialog.accept() : dialog.dismiss()).then(() => resolve(text));
    });
  });
}

/** A browser with one page signed in to the console as the stack's admin. */
export async function openConsole(stack: Stack): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, stack);
  await page.waitForURL('**/admin/events');
  return { browser, context, page };
}

/** After each test of a console file: a screenshot when it failed, and the connection back on
 * (tests take the browser offline to make a save fail). */
export async function afterConsoleTest(
  task: { name: string; result?: { state?: string } },
  page: Page | undefined,
  context: BrowserContext | undefined,
  prefix: string,
): Promise<void> {
  if (task.result?.state === 'fail' && page) await screenshot(page, `failure-${prefix}-${task.name.slice(0, 40).replace(/\W+/g, '-')}`);
  await context?.setOffline(false);
}
