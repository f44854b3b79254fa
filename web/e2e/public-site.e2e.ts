// The public site and the image export in Debian's chromium against the real stack: every public
// screen at 390 px and 1440 px (screenshots in web/test-results/public-*), live refresh without a
// reload, and an exported JPEG of each format at its exact size.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, SCREENSHOT_DIR, takeBrowserProblems } from './browser';
import { api, createEvent, saveAndPublish, saveResults } from './events';
import { EVENT_NAME, seed, type Seeded } from './public-seed';
import { startStack, type Stack } from './stack';

let stack: Stack;
let browser: Browser;
let s: Seeded;

const WIDTHS = [390, 1440] as const;

async function newPage(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height: width < 600 ? 844 : 900 }, acceptDownloads: true });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error(`[page error] ${error.message}`));
  return { context, page };
}

/** Width of the widest element's right edge beyond the viewport (0 when nothing overflows). */
const horizontalOverflow = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

/** JPEG pixel size from its SOFn marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes[0]).toBe(0xff);
  expect(bytes[1]).toBe(0xd8);
  let i = 2;
  while (i < bytes.length) {
    if (bytes[i] !== 0xff) throw new Error(`bad JPEG marker at ${i}`);
    const marker = bytes[i + 1]!;
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
    }
    i += 2 + length;
  }
  throw new Error('no SOF marker');
}

beforeAll(async () => {
  stack = await startStack();
  s = await seed(stack.baseUrl, stack.username, stack.password);
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('public site', () => {
  for (const width of WIDTHS) {
    it(`shows every public screen at ${width} px`, async () => {
      const { context, page } = await newPage(width);
      const shot = (name: string) => screenshot(page, `public-${width}-${name}`);
      const rx = s.rx.id;
      const [bandits] = s.rx.teams;
      try {
        // Event list: defaults, cards, Event Details only when visible.
        await page.goto('/public/events');
        await page.getByRole('heading', { name: EVENT_NAME }).waitFor();
        expect(await page.getByLabel('Published').isChecked()).toBe(true);
        expect(await page.getByLabel('In Progress').isChecked()).toBe(true);
        expect(await page.getByLabel('Archived').isChecked()).toBe(false);
        const cards = page.getByRole('article');
        expect(await cards.count()).toBe(2);
        expect(await cards.nth(0).getByRole('heading').textContent()).toBe(EVENT_NAME);
        expect(await cards.nth(1).getByRole('link', { name: 'Event Details' }).count()).toBe(0);
        expect(await page.getByText(`© ${new Date().getFullYear()} Podium`).count()).toBe(1);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot('01-events');
        await page.getByLabel('Published').uncheck();
        await page.getByLabel('In Progress').uncheck();
        await page.getByText('No events found with the selected filters.').waitFor();
        await shot('01b-events-empty');

        // Event page: tabs, workouts in order, Markdown sanitised.
        await page.goto(`/public/events/${s.eventId}`);
        await page.getByRole('heading', { name: 'Workouts' }).waitFor();
        expect(await page.getByRole('tab').allTextContents()).toEqual(['Fran Pairs', 'Burpee Ladder', 'Deadlift Ladder']);
        await page.getByText('Time cap 10:00', { exact: true }).waitFor(); // the server's timeCapText
        await page.getByRole('table').waitFor();
        expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
        expect(await page.getByText('trap').evaluate((a) => [a.tagName, a.getAttribute('href')])).toEqual(['A', null]);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot('02-event-details');
        await page.getByRole('tab', { name: 'Deadlift Ladder' }).click();
        await page.getByText('No description provided.').waitFor();
        // An event without visible details answers 404: the visitor lands on its leaderboard.
        await page.goto(`/public/events/${s.hiddenEventId}`);
        await page.waitForURL(`**/public/events/${s.hiddenEventId}/leaderboard`);

        // Event leaderboard.
        await page.goto(`/public/events/${s.eventId}/leaderboard`);
        await page.getByRole('heading', { name: 'Overall Progress' }).waitFor();
        // Counted from the server's lastUpdated (the seeding's last change), not from this poll.
        await page.getByText(/Last updated: (Just now|\d+ seconds ago|\d+ minutes? ago)/).waitFor();
        expect(await page.getByRole('link', { name: 'View Division Leaderboard' }).count()).toBe(2);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot('03-event-leaderboard');

        // Division leaderboard: table on large screens, cards on small ones.
        await page.goto(`/public/events/${s.eventId}/divisions/${rx}/leaderboard`);
        await page.getByRole('heading', { name: 'RX Pairs' }).waitFor();
        const table = page.getByRole('table');
        if (width >= 1024) {
          expect(await table.isVisible()).toBe(true);
          expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Rank', 'Team', 'Fran Pairs', 'Burpee Ladder', 'Deadlift Ladder', 'Total']);
          expect(await table.getByText('4:58').isVisible()).toBe(true);
        } else {
          expect(await table.isVisible()).toBe(false);
          expect(await page.locator('ol li').first().isVisible()).toBe(true);
        }
        expect(await page.getByRole('combobox', { name: /^View/ }).getByRole('option').allTextContents()).toEqual([
          'Division Leaderboard (Overall)',
          'Workout • Fran Pairs',
          'Workout • Burpee Ladder',
          'Workout • Deadlift Ladder',
        ]);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot('04-division-leaderboard');
        // A visitor asking for the preview gets the public view, and no preview note over it.
        await page.goto(`/public/events/${s.eventId}/divisions/${rx}/leaderboard?includeUnpublished=1`);
        await page.getByRole('heading', { name: 'RX Pairs' }).waitFor();
        expect(await page.getByText('Admin preview: Showing unpublished results').count()).toBe(0);

        // Workout leaderboard via the switcher.
        await page.goto(`/public/events/${s.eventId}/divisions/${rx}/leaderboard`);
        await page.getByRole('combobox', { name: /^View/ }).selectOption({ label: 'Workout • Fran Pairs' });
        await page.waitForURL(`**/workouts/${s.workouts.time}/leaderboard`);
        await page.getByText('For time — fastest time wins (time cap 10:00)').waitFor();
        // A phone shows one line per team; a tap opens the athletes.
        if (width < 768) await page.locator('[data-team-line]').filter({ hasText: 'Kettlebell Kings' }).getByRole('button').first().click();
        expect(await page.getByText('Carl Moss • Dan Reid').filter({ visible: true }).count()).toBe(1);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot('05-workout-leaderboard');
        // The weight workout of the scaled division has no results yet.
        await page.goto(`/public/events/${s.eventId}/divisions/${s.scaled.id}/workouts/${s.workouts.weight}/leaderboard`);
        await page.getByText('Results for this workout will appear here as they are published by the event organizers. Check back soon!').waitFor();
        await shot('05b-workout-empty');

        // Teams page: chips, search, bookmarks first.
        await page.goto(`/public/events/${s.eventId}/teams`);
        await page.getByRole('heading', { name: 'All Teams (10)' }).waitFor();
        await page.getByRole('button', { name: 'Bookmark Anchor Crew' }).click();
        expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe('Anchor Crew');
        await page.getByPlaceholder('Search teams or divisions...').fill('scaled');
        await page.getByRole('heading', { name: 'All Teams (4)' }).waitFor();
        await page.getByPlaceholder('Search teams or divisions...').fill('');
        expect(await horizontalOverflow(page)).toBe(0);
        await shot('06-teams');
        await page.getByRole('button', { name: 'Bookmarked', exact: true }).click();
        await page.getByRole('heading', { name: 'Bookmarked Teams (1)' }).waitFor();
        expect(await page.evaluate(() => JSON.parse(localStorage.getItem('podium.bookmarks') ?? '[]').length)).toBe(1);

        // Team page.
        await page.goto(`/public/teams/${bandits!.id}`);
        await page.getByRole('heading', { name: 'Overall Performance' }).waitFor();
        await page.getByRole('heading', { name: 'Workout Results (3)' }).waitFor();
        expect(await page.getByRole('link', { name: 'Workout Leaderboard' }).count()).toBe(3);
        expect(await horizontalOverflow(page)).toBe(0);
        await shot('07-team');
        await page.goto(`/public/teams/${s.rx.teams[4]!.id}`);
        await page.getByRole('heading', { name: 'Workout Results (3)' }).waitFor();
        await page.getByText('Not Started').waitFor();
        await page.getByText('Incomplete').waitFor();
        await shot('07b-team-partial');
        // A DNS withdraws the team: it says so, with no progress percentage.
        await page.goto(`/public/teams/${s.rx.teams[3]!.id}`);
        await page.getByRole('heading', { name: 'Workout Results (3)' }).waitFor();
        await page.getByText('Withdrawn').first().waitFor();
        expect(await page.getByText('Incomplete').count()).toBe(0);
        expect(await page.getByText(/^\d+%$/).count()).toBe(0);
        await shot('07c-team-withdrawn');

        // Unknown public paths land on the events list.
        await page.goto('/public/nowhere');
        await page.waitForURL('**/public/events');
      } finally {
        await context.close();
      }
    });
  }

  it('never loads handsontable, Markdown or admin code for a division leaderboard', async () => {
    const { context, page } = await newPage(1440);
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname));
    try {
      await page.goto(`/public/events/${s.eventId}/divisions/${s.rx.id}/leaderboard`);
      await page.getByRole('heading', { name: 'RX Pairs' }).waitFor();
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((p) => /handsontable|markdown|result-entry|admin/i.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('shows a newly published result on an open division leaderboard through its live stream, not by polling', async () => {
    const { context, page } = await newPage(1440);
    const boardPath = `/api/public/events/${s.eventId}/divisions/${s.rx.id}/leaderboard`;
    let boardFetches = 0;
    page.on('request', (r) => void (new URL(r.url()).pathname === boardPath && (boardFetches += 1)));
    try {
      const streamPath = `/api/public/events/${s.eventId}/stream`;
      const stream = page.waitForResponse((r) => new URL(r.url()).pathname === streamPath && r.status() === 200);
      await page.goto(`/public/events/${s.eventId}/divisions/${s.rx.id}/leaderboard`);
      const row = page.getByRole('row').filter({ hasText: s.rx.teams[4]!.name });
      await row.waitFor();
      await stream;
      expect(await row.textContent()).not.toContain('233');
      const before = boardFetches;

      // While its stream is open the board does not poll (it polls every 15 s while the stream
      // is down): the one refetch, within 2 s of the publish, came from the stream's `changed`.
      await saveAndPublish(s.session, [{ teamId: s.rx.teams[4]!.id, workoutId: s.workouts.weight, status: 'completed', resultValue: 233 }]);
      await row.filter({ hasText: '233' }).waitFor({ timeout: 2_000 });
      expect(boardFetches - before).toBe(1);
    } finally {
      await context.close();
    }
  });

  it('shows a newly published result on an open division leaderboard by polling when the stream cannot open', async () => {
    const { context, page } = await newPage(1440);
    try {
      // The answer a gateway at its stream cap gives (gateway/stream.go).
      const refused = { code: 14, message: 'Too many live connections right now. Please try again shortly.' };
      await context.route('**/api/public/events/*/stream', (route) =>
        route.fulfill({ status: 503, headers: { 'Retry-After': '30' }, contentType: 'application/json', body: JSON.stringify(refused) }),
      );
      await page.goto(`/public/events/${s.eventId}/divisions/${s.rx.id}/leaderboard`);
      const row = page.getByRole('row').filter({ hasText: 'Rowing Rebels' });
      await row.waitFor();
      expect(await row.textContent()).not.toContain('190');
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

      // Through the tab becoming visible again (refresh 300 ms later).
      await saveAndPublish(s.session, [{ teamId: s.lateTeamId, workoutId: s.workouts.weight, status: 'completed', resultValue: 190 }]);
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await page.waitForFunction(() => Array.from(document.querySelectorAll('tr')).some((tr) => tr.textContent?.includes('Rowing Rebels') && tr.textContent.includes('190')), undefined, { timeout: 5_000 });

      // Through the 15 s interval alone.
      const started = Date.now();
      await saveAndPublish(s.session, [{ teamId: s.rx.teams[5]!.id, workoutId: s.workouts.weight, status: 'completed', resultValue: 210 }]);
      await page.waitForFunction(() => Array.from(document.querySelectorAll('tr')).some((tr) => tr.textContent?.includes('Pull-up Pirates') && tr.textContent.includes('210')), undefined, { timeout: 20_000 });
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await screenshot(page, 'public-1440-08-division-live');
      // The refused stream is the one problem the browser reports (Chrome logs every 5xx answer).
      expect(takeBrowserProblems().map((p) => p.text)).toEqual(['Failed to load resource: the server responded with a status of 503 (Service Unavailable)']);
    } finally {
      await context.close();
    }
  });
});

describe('ranks explained, live now and page titles', () => {
  // Row: Alpha, Bravo, Charlie, Delta. Lunge: Charlie, Delta, Bravo, Alpha. Totals: Charlie 190,
  // Alpha 185, Bravo 185 (Alpha's 1st place wins the countback), Delta 180. Before Lunge:
  // Alpha 1st, Bravo 2nd, Charlie 3rd, Delta 4th.
  let live: { eventId: string; divisionId: string };
  const LIVE_EVENT = 'Ties and Moves 2026';
  const today = () => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };

  beforeAll(async () => {
    const event = await createEvent(s.session, {
      name: LIVE_EVENT,
      dateFrom: today(),
      dateTo: today(),
      location: 'Hull',
      description: '',
      detailsVisible: true,
      status: 'IN_PROGRESS',
    });
    const { division, teams } = await event.division('Open', '', [{ name: 'Alpha Pair' }, { name: 'Bravo Pair' }, { name: 'Charlie Pair' }, { name: 'Delta Pair' }]);
    const row = await event.workout({ name: 'Row', description: '', scoreType: 'REPS', workoutOrder: 1 });
    const lunge = await event.workout({ name: 'Lunge', description: '', scoreType: 'REPS', workoutOrder: 2 });
    const [a, b, c, d] = teams.map((t) => t.id) as [string, string, string, string];
    const rows = (workoutId: string, values: [string, number][]) => values.map(([teamId, resultValue]) => ({ teamId, workoutId, status: 'completed', resultValue }));
    await saveAndPublish(s.session, [
      ...rows(row.id, [[a, 100], [b, 90], [c, 80], [d, 70]]),
      ...rows(lunge.id, [[c, 100], [d, 90], [b, 80], [a, 70]]),
    ]);
    live = { eventId: event.id, divisionId: division.id };

    // Two heats of long names for the schedule: the first started five minutes ago, the next
    // starts in five.
    const long = await event.division('Long Names', '', [{ name: 'The Extraordinarily Long Named Barbell Club' }, { name: 'The Extraordinarily Long Named Kettlebell Crew' }]);
    await api(stack.baseUrl, s.session.token, 'POST', `/events/${event.id}/workouts/${row.id}/heats/generate`, {
      divisionIds: [long.division.id],
      lanesPerHeat: 1,
      order: 'name',
      firstStart: new Date(Math.floor(Date.now() / 60_000) * 60_000 - 5 * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
      minutesBetween: 10,
    });
  });

  it('fits the schedule on a 360 px phone: dated times, the heat on the floor and the one up next, the tabs in view', async () => {
    for (const width of [360, 1280]) {
      const context = await browser.newContext({ baseURL: stack.baseUrl, viewport: { width, height: width < 600 ? 780 : 800 } });
      const page = await context.newPage();
      try {
        await page.goto(`/public/events/${live.eventId}/schedule`);
        await page.getByRole('heading', { name: 'Row' }).waitFor();
        expect(await horizontalOverflow(page)).toBe(0);
        // The active tab is wholly in view.
        const tab = await page.getByRole('navigation', { name: 'Event sections' }).getByRole('link', { name: 'Schedule' }).boundingBox();
        expect(tab && tab.x >= 0 && tab.x + tab.width <= width).toBe(true);
        const heat1 = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Heat 1/ }) });
        const heat2 = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /^Heat 2/ }) });
        await heat1.getByText('On the floor').waitFor();
        await heat2.getByText('Up next').waitFor();
        // Each time with its day, in the viewer's zone.
        const day = await page.evaluate(() => new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date()));
        expect(await heat1.getByRole('heading').innerText()).toContain(day);
        // Long names wrap, whole.
        expect(await heat1.getByText('The Extraordinarily Long Named Barbell Club').isVisible()).toBe(true);
        await page.getByRole('group', { name: 'On the floor and up next' }).getByText('On the floor now').waitFor();
        expect(await page.title()).toBe(`Schedule · ${LIVE_EVENT} · Podium`);
        await screenshot(page, `public-${width}-11-schedule`);
      } finally {
        await context.close();
      }
    }
  });

  for (const width of WIDTHS) {
    it(`shows movement with the latest workout and the server's tie note at ${width} px`, async () => {
      const { context, page } = await newPage(width);
      try {
        await page.goto(`/public/events/${live.eventId}/divisions/${live.divisionId}/leaderboard`);
        await page.getByRole('heading', { name: 'Open' }).waitFor();
        await page.getByText('places moved with Lunge').waitFor();
        const line = (team: string) => (width >= 1024 ? page.getByRole('row').filter({ hasText: team }) : page.locator('[data-team-line]').filter({ hasText: team }));
        expect(await line('Charlie Pair').getByRole('img', { name: 'Up 2 places with Lunge' }).count()).toBe(1);
        expect(await line('Alpha Pair').getByRole('img', { name: 'Down 1 place with Lunge' }).count()).toBe(1);
        expect(await line('Bravo Pair').getByRole('img', { name: 'Down 1 place with Lunge' }).count()).toBe(1);
        expect(await line('Delta Pair').getByRole('img', { name: /place/ }).count()).toBe(0);
        if (width < 1024) {
          await line('Alpha Pair').getByRole('button').first().click();
          await line('Bravo Pair').getByRole('button').first().click();
        }
        await line('Alpha Pair').getByText('Tied on 185; ahead on countback').waitFor();
        await line('Bravo Pair').getByText('Tied on 185; behind on countback').waitFor();
        expect(await page.getByText(/Tied on/).count()).toBe(2);
        expect(await horizontalOverflow(page)).toBe(0);
        await screenshot(page, `public-${width}-09-ranks-explained`);
        // The page's own title, the one the gateway writes for link previews.
        expect(await page.title()).toBe(`Open standings · ${LIVE_EVENT} · Podium`);

        // The event list puts today's running event first, under "Live now".
        await page.goto('/public/events');
        const liveNow = page.getByRole('region', { name: 'Live now' });
        await liveNow.getByRole('heading', { name: LIVE_EVENT }).waitFor();
        expect(await liveNow.getByRole('article').count()).toBe(1);
        expect(await page.getByRole('article').first().getByRole('heading').textContent()).toBe(LIVE_EVENT);
        expect(await page.title()).toBe('Events · Podium');
        expect(await horizontalOverflow(page)).toBe(0);
        await screenshot(page, `public-${width}-10-live-now`);
      } finally {
        await context.close();
      }
    });
  }

  it('serves each public page with its title, description and link preview tags for crawlers', async () => {
    const get = async () => (await fetch(`${stack.baseUrl}/public/events/${live.eventId}/divisions/${live.divisionId}/leaderboard`)).text();
    // The gateway waits a moment for the title, then serves the page as built: on a busy
    // machine the first answer may come without it.
    await expect.poll(get, { timeout: 20_000, interval: 500 }).toContain(`<title>Open standings · ${LIVE_EVENT} · Podium</title>`);
    const html = await get();
    expect(html).toContain(`<meta property="og:title" content="Open standings · ${LIVE_EVENT} · Podium" />`);
    expect(html).toContain(`<meta property="og:description" content="Live standings of Open at ${LIVE_EVENT}: 4 teams, 2 workouts. Leading: Charlie Pair (190 pts)." />`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    // The preview image: an absolute address on the public base URL, served by the site.
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"/]+\/icon-512\.png" \/>/);
    const image = await fetch(`${stack.baseUrl}/icon-512.png`);
    expect({ status: image.status, type: image.headers.get('content-type') }).toEqual({ status: 200, type: 'image/png' });
  });
});

describe('image export on the admin result entry screen', () => {
  it('exports a JPEG of each format at its exact size', async () => {
    const { context, page } = await newPage(1440);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    try {
      await page.goto('/login');
      await page.getByLabel('Username').fill(stack.username);
      await page.getByLabel('Password').fill(stack.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/admin/**');
      await page.goto(`/admin/events/${s.eventId}/results/entry?workout=${s.workouts.time}&division=${s.rx.id}`);
      const button = page.getByRole('button', { name: /Export Image/ });
      await button.waitFor();
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true); // enabled once the public view it draws has loaded
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Export image' });
      for (const label of ['Top 3 Podium', 'Full Leaderboard', 'Workout Spotlight']) await dialog.getByText(label).waitFor();
      expect(await dialog.getByText('Team Highlight').count()).toBe(1);
      await screenshot(page, 'public-1440-09-export-options');

      const formats = [
        { label: 'Square Feed', template: 'Top 3 Podium', scheme: 'Default colours', width: 1080, height: 1080, file: 'top-3-podium-square-feed' },
        { label: 'Portrait', template: 'Full Leaderboard', scheme: 'Blue colours', width: 1080, height: 1350, file: 'full-leaderboard-portrait' },
        { label: 'Instagram Story', template: 'Workout Spotlight', scheme: 'Green colours', width: 1080, height: 1920, file: 'workout-spotlight-instagram-story' },
      ];
      for (const f of formats) {
        await dialog.getByLabel(new RegExp(f.template)).check();
        await dialog.getByLabel(new RegExp(f.label)).check();
        await dialog.getByRole('button', { name: f.scheme }).click();
        await dialog.getByRole('button', { name: 'Generate Preview' }).click();
        const preview = dialog.getByTestId('export-image-preview');
        await preview.waitFor({ timeout: 30_000 });
        const src = (await preview.getAttribute('src')) ?? '';
        expect(src.startsWith('data:image/jpeg;base64,')).toBe(true);
        expect(jpegSize(Buffer.from(src.split(',')[1]!, 'base64'))).toEqual({ width: f.width, height: f.height });
        const caption = await dialog.getByLabel('Caption').inputValue();
        expect(caption).toContain('#Podium');
        expect(caption.trim().split('\n').at(-1)).toBe(`Follow the live results: ${stack.baseUrl}/public/events/${s.eventId}`);

        const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
        // event, division, workout, template, format, then the day it was made
        expect(download.suggestedFilename()).toMatch(new RegExp(`^summer-throwdown-2026-rx-pairs-[a-z0-9-]+-${f.file}-\\d{4}-\\d{2}-\\d{2}\\.jpg$`));
        const path = resolve(SCREENSHOT_DIR, `public-export-${f.file}.jpg`);
        await download.saveAs(path);
        expect(jpegSize(readFileSync(path))).toEqual({ width: f.width, height: f.height });

        await dialog.getByRole('button', { name: 'Copy' }).click();
        await dialog.getByRole('button', { name: 'Copied!' }).waitFor();
        await dialog.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 4_000 });
        await screenshot(page, `public-1440-10-export-preview-${f.width}x${f.height}`);
        await dialog.getByRole('button', { name: 'Back' }).click();
      }
    } finally {
      await context.close();
    }
  });

  it('exports the public view by default, drafts only when asked (marked unofficial), never clipped, per workout or overall', async () => {
    // An event with long names, nine teams, published results, a draft that would win, and a
    // workout with drafts only.
    const longEvent = 'The Extraordinarily Long-Named International Masters Pairs Championship 2026';
    const event = await createEvent(s.session, {
      name: longEvent, dateFrom: '2026-07-01', dateTo: '2026-07-02', location: 'Hull', description: '', detailsVisible: true, status: 'IN_PROGRESS',
    });
    const { division, teams } = await event.division(
      'Masters 45+ Mixed Pairs With A Division Name That Goes On',
      '',
      Array.from({ length: 9 }, (_, i) => ({
        name: `Team ${i + 1} — The Incredibly Persistent Barbell Enthusiasts of Northern Yorkshire`,
        athlete1Name: `Alexandra Montgomery-Featherstonehaugh ${i + 1}`,
        athlete2Name: `Bartholomew Worthington-Smythe ${i + 1}`,
      })),
    );
    const workout = (name: string, scoreType: string, order: number) => event.workout({ name, description: '', scoreType, timeCapSeconds: 900, workoutOrder: order });
    const chipper = await workout('The Chipper With An Exceptionally Long Workout Name For Testing', 'TIME', 1);
    const draftOnly = await workout('Draft Only Ladder', 'REPS', 2);
    await saveAndPublish(s.session, teams.slice(0, 8).map((t, i) => ({ teamId: t.id, workoutId: chipper.id, status: 'completed', resultValue: 300 + i * 10 })));
    const draftWinner = teams[8]!;
    await saveResults(s.session, [
      { teamId: draftWinner.id, workoutId: chipper.id, status: 'completed', resultValue: 200 },
      ...teams.slice(0, 3).map((t, i) => ({ teamId: t.id, workoutId: draftOnly.id, status: 'completed', resultValue: 50 + i })),
    ]);

    const { context, page } = await newPage(1440);
    try {
      await page.goto('/login');
      await page.getByLabel('Username').fill(stack.username);
      await page.getByLabel('Password').fill(stack.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/admin/**');
      await page.goto(`/admin/events/${event.id}/results/entry?workout=${chipper.id}&division=${division.id}`);
      const button = page.getByRole('button', { name: /Export Image/ });
      await button.waitFor();
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Export image' });
      const canvas = page.getByTestId('export-image-canvas');

      // Every text, row and the footer lie inside the image and its body, in every layout.
      const layout = () =>
        canvas.evaluate((root) => {
          const box = root.getBoundingClientRect();
          const body = root.querySelector('[data-export-body]')!.getBoundingClientRect();
          const inside = (r: DOMRect, b: DOMRect) => r.top >= b.top - 1 && r.bottom <= b.bottom + 1 && r.left >= b.left - 1 && r.right <= b.right + 1;
          const bodyNode = root.querySelector('[data-export-body]')!;
          // Texts of the body stay in the body (not under the header or the footer), the others in the image.
          const outside = Array.from(root.querySelectorAll('[data-export-text]'))
            .filter((e) => !inside(e.getBoundingClientRect(), bodyNode.contains(e) ? body : box))
            .map((e) => e.textContent);
          const rows = Array.from(root.querySelectorAll('[data-export-row]'));
          const rowsOut = rows.filter((e) => !inside(e.getBoundingClientRect(), body)).length;
          const footer = root.querySelector('[data-export-footer]')!;
          return { outside, rows: rows.length, rowsOut, footerInside: inside(footer.getBoundingClientRect(), box), footer: footer.textContent ?? '', text: root.textContent ?? '' };
        });
      const templates = ['Top 3 Podium', 'Full Leaderboard', 'Workout Spotlight', 'Team Highlight'];
      for (const template of templates) {
        for (const format of ['Square Feed', 'Portrait', 'Instagram Story']) {
          await dialog.getByLabel(new RegExp(template)).check();
          await dialog.getByLabel(new RegExp(format)).check();
          const l = await layout();
          expect({ template, format, outside: l.outside, rowsOut: l.rowsOut, footerInside: l.footerInside }).toEqual({ template, format, outside: [], rowsOut: 0, footerInside: true });
          expect(l.footer).toMatch(/^Live results on Podium • .+\d{1,2} \w+ \d{4}$/);
          if (template === 'Full Leaderboard') expect(l.rows).toBe(format === 'Instagram Story' ? 5 : 8);
          // The public view: the draft winner is nowhere, the image is official.
          expect(l.text).not.toContain('Team 9 ');
          expect(l.text).not.toContain('UNOFFICIAL');
        }
      }
      const saveJpeg = async (template: string, format: string, file: string) => {
        await dialog.getByLabel(new RegExp(template)).check();
        await dialog.getByLabel(new RegExp(format)).check();
        await dialog.getByRole('button', { name: 'Generate Preview' }).click();
        const preview = dialog.getByTestId('export-image-preview');
        await preview.waitFor({ timeout: 30_000 });
        const src = (await preview.getAttribute('src')) ?? '';
        writeFileSync(resolve(SCREENSHOT_DIR, `export-${file}.jpg`), Buffer.from(src.split(',')[1]!, 'base64'));
        const caption = await dialog.getByLabel('Caption').inputValue();
        await dialog.getByRole('button', { name: 'Back' }).click();
        return caption;
      };
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      expect(await saveJpeg('Full Leaderboard', 'Square Feed', 'long-names-leaderboard-square')).not.toContain('Team 9 ');
      await saveJpeg('Top 3 Podium', 'Square Feed', 'long-names-podium-square');
      await dialog.getByLabel(/Team Highlight/).check();
      await dialog.getByRole('combobox', { name: 'Team' }).selectOption({ index: 7 });
      expect(await saveJpeg('Team Highlight', 'Square Feed', 'long-names-team-square')).toContain('Shout-out to Team 8');

      // Drafts only when asked, and then marked on the image and in the caption.
      await page.keyboard.press('Escape');
      await page.getByLabel('Include drafts').check();
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
      await button.click();
      await dialog.getByLabel(/Full Leaderboard/).check();
      await dialog.getByLabel(/Square Feed/).check();
      await canvas.getByText('UNOFFICIAL', { exact: false }).waitFor();
      expect((await layout()).text).toContain('Team 9 ');
      expect(await saveJpeg('Full Leaderboard', 'Square Feed', 'drafts-leaderboard-square')).toMatch(/^⚠️ Unofficial: includes results not yet published\./);

      // The division's overall standings.
      await page.keyboard.press('Escape');
      await page.getByLabel('Include drafts').uncheck();
      await page.getByLabel('Export', { exact: true }).selectOption('division');
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
      await button.click();
      await dialog.getByLabel(/Full Leaderboard/).check();
      await canvas.getByText('OVERALL STANDINGS').waitFor();
      expect(await dialog.getByText('Workout Spotlight').count()).toBe(0);
      const overall = await layout();
      expect(overall.rows).toBe(8);
      expect(overall.text).not.toContain('Team 9 ');
      await saveJpeg('Full Leaderboard', 'Portrait', 'overall-leaderboard-portrait');

      // A workout with drafts only has nothing public to export.
      await page.goto(`/admin/events/${event.id}/results/entry?workout=${draftOnly.id}&division=${division.id}`);
      await button.waitFor();
      await page.getByLabel('Include drafts').waitFor();
      await page.waitForTimeout(1000);
      expect(await button.isDisabled()).toBe(true);
      await page.getByLabel('Include drafts').check();
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
    } finally {
      await context.close();
    }
  });
});
