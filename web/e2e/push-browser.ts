// The athlete's browser for Web Push tests: headless Chromium has no push service of its own, so
// PushManager is pointed at the local one (push-service.ts) before any page script runs.
import type { BrowserContext } from 'playwright-core';
import type { AthleteSession } from './athlete-phone';

export type FakeSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Signs athlete in on every page of context and makes PushManager's subscribe and
 * getSubscription answer with sub (kept in localStorage, so a reload finds it). */
export async function fakePushManager(context: BrowserContext, athlete: AthleteSession, sub: FakeSubscription): Promise<void> {
  await context.addInitScript(
    ({ a, s }: { a: AthleteSession; s: FakeSubscription }) => {
      if (!location.protocol.startsWith('http')) return;
      localStorage.setItem('podium.athlete.token', a.token);
      localStorage.setItem('podium.athlete.email', a.email);
      localStorage.setItem('podium.athlete.expiresAt', a.expiresAt);
      if (typeof PushManager === 'undefined') return;
      const fake = () => ({
        endpoint: s.endpoint,
        toJSON: () => ({ endpoint: s.endpoint, keys: s.keys }),
        unsubscribe: async () => (localStorage.removeItem('test.push'), true),
      });
      PushManager.prototype.subscribe = async function () {
        localStorage.setItem('test.push', '1');
        return fake() as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async function () {
        return (localStorage.getItem('test.push') ? fake() : null) as unknown as PushSubscription | null;
      };
    },
    { a: athlete, s: sub },
  );
}
