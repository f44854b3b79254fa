import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO } from './stack';

export const SCREENSHOT_DIR = resolve(REPO, 'web/test-results');

/** Something the browser complained about while a test ran (see e2e/setup.ts). */
export type BrowserProblem = { kind: 'csp' | 'console' | 'page error'; url: string; text: string };

const problems: BrowserProblem[] = [];

/** The problems seen since the last call. */
export function takeBrowserProblems(): BrowserProblem[] {
  return problems.splice(0);
}

// Chrome logs every 4xx answer as a console error; the tests provoke them on purpose (a missing
// event, a refused delete) and check the app's message instead. 5xx answers still count.
const CLIENT_ERROR_ANSWER = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/** Records CSP violations, console errors and uncaught page errors of every page in context. */
function watch(context: BrowserContext): void {
  context.on('console', (message) => {
    const text = message.text();
    if (message.type() !== 'error' || CLIENT_ERROR_ANSWER.test(text)) return;
    problems.push({ kind: text.includes('Content Security Policy') ? 'csp' : 'console', url: message.page()?.url() ?? '', text });
  });
  context.on('weberror', (error) => problems.push({ kind: 'page error', url: error.page()?.url() ?? '', text: error.error().message }));
}

/** Debian's chromium, headless; never a downloaded browser build. Every context it opens is watched.
 * extraArgs add switches (the check-in test's fake camera). */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
  const newContext = browser.newContext.bind(browser);
  // English unless a test asks for another language: the screens follow the browser's
  // (docs/architecture.md, "Languages"), and the machine's own must not decide a test.
  browser.newContext = async (options) => {
    const context = await newContext({ locale: 'en-US', ...options });
    watch(context);
    return context;
  };
  return browser;
}

/**
 * Saves the whole page as web/test-results/NAME.png for a person to look at. E2E_SCREENSHOTS=0
 * skips them (.ci/run: its clone is thrown away, and a full-page shot lays the page out again at
 * its full height, about a sixth of a screen tour's browser time). Shots a test reads itself are
 * taken with page.screenshot and always run.
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
