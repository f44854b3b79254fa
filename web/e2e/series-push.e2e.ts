// A series page follows the push (docs/series.md): with no event in progress, a result published
// in any of the series' events (the one changed last, and an older one) shows on the standings
// within seconds, as on the boards, not at the next 30-second poll.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { api, createEvent, login, saveAndPublish, type Session } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let session: Session;

describe('a series page', () => {
  beforeAll(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    session = await login(stack.baseUrl, stack.username, stack.password);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('shows a published change in any of its events within seconds when no event is live', async () => {
    const call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const events = [];
    for (const [name, day] of [['Spring Push', '2026-03-01'], ['Autumn Push', '2026-09-01']]) {
      const ev = await createEvent(session, { name, dateFrom: day, dateTo: day, status: 'PUBLISHED' });
      const { teams } = await ev.division('Rx', '', [{ name: 'Alpha' }, { name: 'Bravo' }, { name: 'Charlie' }]);
      const workout = await ev.workout({ name: 'Fran', scoreType: 'TIME', timeCapSeconds: 600, workoutOrder: 1 });
      events.push({ ev, teams, workout });
    }
    const [spring, autumn] = events;
    await saveAndPublish(session, [{ teamId: spring.teams[0].id, workoutId: spring.workout.id, status: 'completed', resultValue: 180 }]);
    await saveAndPublish(session, [{ teamId: autumn.teams[0].id, workoutId: autumn.workout.id, status: 'completed', resultValue: 175 }]);
    const series = await call<{ id: string }>('POST', '/series', { name: 'Push League', season: '2026', scoringTable: 'podium100' });
    for (const { ev } of events) await call('POST', `/series/${series.id}/events`, { eventId: ev.id });
    await call('PUT', `/series/${series.id}`, { name: 'Push League', season: '2026', published: true });

    const page = await (await browser.newContext({ baseURL: stack.baseUrl, viewport: { width: 390, height: 844 } })).newPage();
    await page.goto(`/public/series/${series.id}`);
    await page.getByRole('heading', { name: 'Push League' }).waitFor();
    await page.getByRole('button', { name: /Alpha/ }).waitFor();
    expect(await page.getByRole('button', { name: /Bravo/ }).count()).toBe(0);
    // Let the page settle on its stream before the change.
    await page.waitForTimeout(1500);

    const shows = async (what: string, publish: () => Promise<unknown>, team: RegExp) => {
      const started = Date.now();
      await publish();
      await page.getByRole('button', { name: team }).waitFor({ timeout: 10_000 });
      const seconds = (Date.now() - started) / 1000;
      console.log(`series page showed ${what} after ${seconds.toFixed(1)} s`);
      expect(seconds).toBeLessThan(5);
    };
    // The event changed last.
    await shows('a change in the event changed last', () => saveAndPublish(session, [{ teamId: autumn.teams[1].id, workoutId: autumn.workout.id, status: 'completed', resultValue: 170 }]), /Bravo/);
    // An older event, not the one changed last: the series' one stream hears it too.
    expect(await page.getByRole('button', { name: /Charlie/ }).count()).toBe(0);
    await shows('a change in an older event', () => saveAndPublish(session, [{ teamId: spring.teams[2].id, workoutId: spring.workout.id, status: 'completed', resultValue: 190 }]), /Charlie/);
    await screenshot(page, 'series-push-390');
  });
});
