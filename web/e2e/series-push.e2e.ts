// A series page follows the push (docs/series.md): with no event in progress, a result published
// in the event whose results are coming in (the one changed last) shows on the standings within
// seconds, as on the boards, not at the next 30-second poll.
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

  it('shows a published change within seconds when no event is live', async () => {
    const call = <T>(method: string, path: string, body?: unknown) => api<T>(stack.baseUrl, session.token, method, path, body);
    const events = [];
    for (const [name, day] of [['Spring Push', '2026-03-01'], ['Autumn Push', '2026-09-01']]) {
      const ev = await createEvent(session, { name, dateFrom: day, dateTo: day, status: 'PUBLISHED' });
      const { teams } = await ev.division('Rx', '', [{ name: 'Alpha' }, { name: 'Bravo' }]);
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

    const started = Date.now();
    await saveAndPublish(session, [{ teamId: autumn.teams[1].id, workoutId: autumn.workout.id, status: 'completed', resultValue: 170 }]);
    await page.getByRole('button', { name: /Bravo/ }).waitFor({ timeout: 10_000 });
    const seconds = (Date.now() - started) / 1000;
    console.log(`series page showed the published change after ${seconds.toFixed(1)} s`);
    expect(seconds).toBeLessThan(10);
    await screenshot(page, 'series-push-390');
  });
});
