// Helpers of the console's browser tests: signing in, answering dialogs, one signed-in page.
import type { Browser, BrowserContext, Dialog, Page } from 'playwright-core';
import { launchBrowser, screenshot } from './browser';
import type { Stack } from './stack';

export async function signIn(page: Page, stack: Stack): Promise<void> {
  await page.getByLabel('Username').fill(stack.username);
  await page.getByLabel('Password').fill(stack.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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
