// The preview of a Draft event: an admin signed in opens its public pages with the preview
// parameter and walks every tab (Details, Leaderboard, Teams, Schedule), a team's page and the
// division board, each marked as a preview and each link keeping the parameter; a visitor gets
// "not found" for the same address. The preview's CSV download marks the draft row. Screenshots in web/test-results/draft-preview-*.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser';
import { createEvent, login, saveAndPublish, saveResults } from './events';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const DRAFT_NOTE = 'Preview of a Draft event: the public cannot see this page until the event is published.';

describe('preview of a Draft event', () => {
  for (const width of [390, 1280]) {
    it(`marks every public page as a preview and keeps the preview from tab to tab at ${width} px`, async () => {
      const session = await login(stack.baseUrl, stack.username, stack.password);
      const event = await createEvent(session, {
        name: `Autumn Draft Open ${width}`,
        dateFrom: '2026-10-01',
        dateTo: '2026-10-02',
        location: 'York',
        description: 'Soon.',
        detailsVisible: true,
      });
      const { division, teams } = await event.division('Rx', '', [
        { name: 'Kettlebell Kings', athlete1Name: 'Ann', athlete2Name: 'Bo' },
        { name: 'Rowing Rebels', athlete1Name: 'Cy', athlete2Name: 'Di' },
      ]);
      const workout = await event.workout({
        name: 'Grace',
        description: '',
        scoreType: 'TIME',
        timeCapSeconds: 600,
        workoutOrder: 1,
      });
      await saveAndPublish(session, [
        {
          teamId: teams[0]!.id,
          workoutId: workout.id,
          status: 'completed',
          resultValue: 200,
        },
      ]);
      await saveResults(session, [
        {
          teamId: teams[1]!.id,
          workoutId: workout.id,
          status: 'completed',
          resultValue: 150,
        },
      ]); // a draft

      const context = await browser.newContext({
        baseURL: stack.baseUrl,
        viewport: { width, height: width < 600 ? 844 : 800 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const previewed = async (name: string) => {
        await page.getByText(DRAFT_NOTE).waitFor();
        expect(new URL(page.url()).searchParams.get('includeUnpublished')).toBe('1');
        await expect.poll(() => page.getByText('Admin preview: Showing unpublished results').count()).toBe(1);
        await screenshot(page, `draft-preview-${width}-${name}`);
      };
      const tab = (name: string) => page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name });
      try {
        await page.goto('/login');
        await page.getByLabel('Username').fill(stack.username);
        await page.getByLabel('Password').fill(stack.password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL('**/admin/**');

        await page.goto(`/public/events/${event.id}/leaderboard?includeUnpublished=1`);
        await previewed('leaderboard');
        await tab('Details').click();
        await page.waitForURL(`**/public/events/${event.id}?includeUnpublished=1`);
        await page.getByRole('heading', { name: `Autumn Draft Open ${width}` }).waitFor();
        await previewed('details');
        await tab('Teams').click();
        await page.waitForURL(`**/public/events/${event.id}/teams?includeUnpublished=1`);
        await page.getByRole('link', { name: 'Rowing Rebels' }).waitFor();
        await previewed('teams');
        await tab('Schedule').click();
        await page.waitForURL(`**/public/events/${event.id}/schedule?includeUnpublished=1`);
        await previewed('schedule');
        await tab('Teams').click();
        // The draft counts in the preview: Rowing Rebels' 2:30 is ahead of the published 3:20.
        await page.getByRole('link', { name: 'Rowing Rebels' }).click();
        await page.waitForURL(`**/public/teams/${teams[1]!.id}?includeUnpublished=1`);
        await page.getByText('2:30').first().waitFor();
        await previewed('team');
        await page.getByRole('link', { name: 'View Division Leaderboard' }).click();
        await page.waitForURL(`**/public/events/${event.id}/divisions/${division.id}/leaderboard?includeUnpublished=1`);
        await previewed('division');
        expect(await tab('Teams').getAttribute('href')).toBe(`/public/events/${event.id}/teams?includeUnpublished=1`);
        // The breadcrumbs lead back into the preview too, not to a Draft event's 404.
        const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
        expect(await crumbs.getByRole('link', { name: 'Leaderboard' }).getAttribute('href')).toBe(`/public/events/${event.id}/leaderboard?includeUnpublished=1`);
        expect(await crumbs.getByRole('link', { name: `Autumn Draft Open ${width}` }).getAttribute('href')).toBe(`/public/events/${event.id}?includeUnpublished=1`);
        // The preview's CSV: its name says so, and the draft row is marked.
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
        expect(download.suggestedFilename()).toContain('leaderboard preview');
        const csv = readFileSync((await download.path())!, 'utf8')
          .replace(/^\ufeff/, '')
          .trim()
          .split(/\r?\n/);
        expect(csv[0]).toBe('Rank,Team,Athlete 1,Athlete 2,Total Points,Grace,Draft');
        expect(csv.slice(1).map((line) => [line.split(',')[1], line.endsWith(',draft')])).toEqual([
          ['Rowing Rebels', true],
          ['Kettlebell Kings', false],
        ]);
      } finally {
        await context.close();
      }

      // A visitor: the same addresses are not found.
      const visitor = await browser.newContext({
        baseURL: stack.baseUrl,
        viewport: { width, height: 844 },
      });
      const v: Page = await visitor.newPage();
      try {
        await v.goto(`/public/events/${event.id}/leaderboard?includeUnpublished=1`);
        await v.getByText('Leaderboard not found.').waitFor();
        await v.goto(`/public/events/${event.id}/teams?includeUnpublished=1`);
        await v.getByText('Event not found.').waitFor();
        await v.goto(`/public/teams/${teams[1]!.id}?includeUnpublished=1`);
        await v.getByText('Team not found.').waitFor();
        expect(await v.getByText(DRAFT_NOTE).count()).toBe(0);
      } finally {
        await visitor.close();
      }
    });
  }
});
