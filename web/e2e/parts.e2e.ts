// A multi-part workout end to end (docs/scoring.md, "Multi-part workouts"): the organiser makes
// "Workout 3" whose two parts add up (sum) in the workout form, enters each part's results on
// the grid, publishes, and the public board shows the parts under one heading with the
// combined points; the spreadsheet has the grouped columns, one row a team.
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser';
import { afterConsoleTest, openConsole } from './console';
import { createEvent, login } from './events';
import { typeInCell } from './grid';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let eventId: string;
let divisionId: string;

describe('multi-part workout', () => {
  beforeAll(async () => {
    stack = await startStack();
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, { name: 'Parts Throwdown', dateFrom: '2026-10-01', dateTo: '2026-10-01', status: 'PUBLISHED' });
    eventId = event.id;
    divisionId = (await event.division('Rx', '', [{ name: 'Alpha' }, { name: 'Bravo' }])).division.id;
    ({ browser, context, page } = await openConsole(stack));
  });

  afterEach(async (ctx) => afterConsoleTest(ctx.task, page, context, 'parts'));

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('is made in the workout form, entered per part, and published grouped on the board and in the CSV', async () => {
    await page.goto(`/admin/events/${eventId}/workouts/new`);
    await page.getByLabel('Workout Name').fill('Workout 3');
    await page.getByLabel('Parts', { exact: true }).selectOption('sum');
    await page.getByRole('button', { name: 'Create Workout' }).click();
    await page.waitForURL(/\/workouts$/);
    await page.getByRole('link', { name: 'Workout 3' }).click();
    for (const name of ['3a', '3b']) {
      await page.getByRole('link', { name: 'Add Part' }).click();
      await page.getByRole('heading', { name: 'Add a Part to Workout 3' }).waitFor();
      expect(await page.getByLabel('Part Of').inputValue()).not.toBe('');
      expect(await page.getByLabel('Score Type').isDisabled()).toBe(true); // the workout's: Time
      await page.getByLabel('Workout Name').fill(name);
      if (name === '3a') {
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, 'parts-01-add-part-phone');
        await page.setViewportSize({ width: 1440, height: 900 });
        await screenshot(page, 'parts-02-add-part-desktop');
      }
      await page.getByRole('button', { name: 'Create Workout' }).click();
      await page.waitForURL(/\/workouts$/);
      await page.getByRole('link', { name: 'Workout 3' }).click();
      await page.getByRole('listitem').filter({ hasText: name }).waitFor();
    }

    // The header takes no results: result entry offers its parts, named with it.
    await page.goto(`/admin/events/${eventId}/results/entry?division=${divisionId}`);
    const workout = page.getByLabel('Workout', { exact: true });
    await workout.locator('option', { hasText: '3b' }).waitFor({ state: 'attached' });
    const options = (await workout.locator('option').allInnerTexts()).map((o) => o.trim());
    // (the score type's label is the event's language's)
    expect(options.map((o) => o.replace(/ \(.*\)$/, ''))).toEqual(['Select workout', 'Workout 3 — 3a', 'Workout 3 — 3b']);
    for (const [index, times] of [
      [1, ['1:00', '0:50']],
      [2, ['1:00', '1:20']],
    ] as const) {
      await workout.selectOption({ index });
      await page.locator('.ht_clone_top .colHeader', { hasText: 'Result (MM:SS)' }).waitFor();
      for (const [row, value] of times.entries()) await typeInCell(page, row, 3, value);
      await page.keyboard.press('ControlOrMeta+s');
      await page.getByText('No unsaved changes').waitFor();
      await page.getByRole('button', { name: 'Publish All (2)' }).click();
      await page.getByRole('button', { name: 'Unpublish All (2)' }).waitFor();
    }

    // The results matrix: the parts' columns under the workout's name.
    await page.goto(`/admin/events/${eventId}`);
    await page.getByRole('columnheader', { name: 'Workout 3', exact: true }).waitFor();
    expect(await page.getByRole('columnheader', { name: 'Workout 3', exact: true }).getAttribute('colspan')).toBe('2');
    // Every result published: the division counts its two parts' cells, never the header's.
    await page.getByRole('rowheader').getByText('Published 4/4').waitFor();
    await screenshot(page, 'parts-02b-matrix-desktop');

    // The public board: Workout 3 over Sum, 3a and 3b; Alpha 1:00 + 1:00 = 2:00 beats Bravo 2:10.
    await page.goto(`/public/events/${eventId}/divisions/${divisionId}/leaderboard`);
    const table = page.getByRole('table');
    await table.getByText('Alpha').first().waitFor();
    const headings = (await table.locator('thead tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim().toUpperCase());
    expect(headings).toEqual(['RANK TEAM WORKOUT 3 TOTAL', 'SUM 3A 3B']);
    const rows = (await table.locator('tbody tr').allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
    expect(rows[0]).toMatch(/Alpha ✅ 2:00 #1 • 100 pts ✅ 1:00 ✅ 1:00 100$/);
    expect(rows[1]).toMatch(/Bravo ✅ 2:10 #2 • 95 pts ✅ 0:50 ✅ 1:20 95$/);
    await screenshot(page, 'parts-03-board-desktop');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '').trim().split(/\r?\n/);
    expect(csv).toEqual([
      'Rank,Team,Athlete 1,Athlete 2,Total Points,Workout 3,Workout 3 — 3a,Workout 3 — 3b',
      expect.stringMatching(/^1,Alpha,.*,100,"2:00 \(#1, 100 pts\)",1:00,1:00$/),
      expect.stringMatching(/^2,Bravo,.*,95,"2:10 \(#2, 95 pts\)",0:50,1:20$/),
    ]);

    // The phone board: the open line lists the parts under the workout's name.
    await page.setViewportSize({ width: 390, height: 844 });
    const board = page.getByRole('list', { name: 'Rx standings' });
    await board.getByRole('button', { name: /Alpha/ }).click();
    await board.getByRole('heading', { name: 'Workout 3' }).waitFor();
    expect(await board.getByText('Sum', { exact: true }).count()).toBe(1);
    await screenshot(page, 'parts-04-board-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
