// A phone (390×844) on the public site, signed in as an athlete when one is given: the session
// the athlete pages read from localStorage (web/src/lib/athlete-session.ts), set before any page
// script runs.
import type { Browser, BrowserContext, Page } from 'playwright-core';

export type AthleteSession = { email: string; token: string; expiresAt: string };

export async function athletePhone(browser: Browser, baseURL: string, athlete: AthleteSession | null, contexts: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  contexts.push(context);
  if (athlete) {
    await context.addInitScript((a: AthleteSession) => {
      if (!location.protocol.startsWith('http')) return; // about:blank has no storage
      localStorage.setItem('podium.athlete.token', a.token);
      localStorage.setItem('podium.athlete.email', a.email);
      localStorage.setItem('podium.athlete.expiresAt', a.expiresAt);
    }, athlete);
  }
  return context.newPage();
}
