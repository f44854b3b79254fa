// The image export never cuts a name: a 40-character team name (three of them sharing their first
// 39 characters, so a cut one reads like its neighbour) and two long athlete names, in every
// template and format, measured in the laid-out DOM before the image is drawn. A story keeps its
// text out of the zones Instagram covers and fills its height; the caption links to the event's
// own page. The drawn images in web/test-results/export-40-*.png.
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, SCREENSHOT_DIR } from './browser';
import { createEvent, login, saveAndPublish } from './events';
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

const teamName = (i: number) => `The Extraordinarily Long Named Barbell ${i}`; // 40 characters
const athletes = (i: number) => [`Alexandra Montgomery-Featherstonehaugh ${i}`, `Bartholomew Worthington-Smythe ${i}`];

describe('image export with long names', () => {
  it('shows every name whole in every template and format, a story inside the safe zone, the caption linking to the event', async () => {
    expect(teamName(1)).toHaveLength(40);
    const session = await login(stack.baseUrl, stack.username, stack.password);
    const event = await createEvent(session, {
      name: 'Long Names Open',
      dateFrom: '2026-07-01',
      dateTo: '2026-07-02',
      location: 'Leeds',
      description: '',
      detailsVisible: true,
      status: 'IN_PROGRESS',
    });
    const { division, teams } = await event.division(
      'Rx Pairs',
      '',
      Array.from({ length: 9 }, (_, i) => ({
        name: teamName(i + 1),
        athlete1Name: athletes(i + 1)[0],
        athlete2Name: athletes(i + 1)[1],
      }))
    );
    const workout = await event.workout({
      name: 'Grace',
      description: '',
      scoreType: 'TIME',
      timeCapSeconds: 900,
      workoutOrder: 1,
    });
    await saveAndPublish(
      session,
      teams.map((t, i) => ({
        teamId: t.id,
        workoutId: workout.id,
        status: 'completed',
        resultValue: 300 + i * 10,
      }))
    );

    const context = await browser.newContext({
      baseURL: stack.baseUrl,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    try {
      await page.goto('/login');
      await page.getByLabel('Username').fill(stack.username);
      await page.getByLabel('Password').fill(stack.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL('**/admin/**');
      await page.goto(`/admin/events/${event.id}/results/entry?workout=${workout.id}&division=${division.id}`);
      const button = page.getByRole('button', { name: /Export Image/ });
      await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Export image' });
      const canvas = page.getByTestId('export-image-canvas');
      // The drawn JPEG, shown at half size as a PNG to look at.
      const viewImage = async (src: string, name: string) => {
        const viewer = await context.newPage();
        await viewer.setViewportSize({ width: 540, height: 540 });
        await viewer.setContent(`<body style="margin:0"><img style="width:540px;display:block" src="${src}"></body>`);
        await screenshot(viewer, name);
        await viewer.close();
      };

      // Every text of the image: its whole content, whether it is cut (ellipsis, line clamp,
      // wider or taller than its box, or outside any clipping box around it), and where it lies.
      const measure = () =>
        canvas.evaluate((root) => {
          const image = root.getBoundingClientRect();
          const texts = Array.from(root.querySelectorAll<HTMLElement>('[data-export-text]')).map((el) => {
            const r = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            const why: string[] = [];
            if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
              why.push(`overflows its box (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
            for (let a: HTMLElement | null = el; a && a !== root.parentElement; a = a.parentElement) {
              const s = getComputedStyle(a);
              if (s.textOverflow === 'ellipsis' || (s.webkitLineClamp !== 'none' && s.webkitLineClamp !== '')) why.push('ellipsis or line clamp');
              if (a !== el && s.overflow !== 'visible') {
                const b = a.getBoundingClientRect();
                if (r.top < b.top - 1 || r.bottom > b.bottom + 1 || r.left < b.left - 1 || r.right > b.right + 1)
                  why.push(`outside a clipping box (${a.getAttribute('data-testid') ?? a.tagName})`);
              }
            }
            return {
              text: el.textContent ?? '',
              clipped: why.length > 0,
              why: why.join('; '),
              top: r.top - image.top,
              bottom: r.bottom - image.top,
              font: parseFloat(style.fontSize),
            };
          });
          const body = root.querySelector('[data-export-body]')!.getBoundingClientRect();
          const filled = Array.from(root.querySelectorAll('[data-export-body] [data-export-text], [data-export-row], [data-export-block]')).map((e) =>
            e.getBoundingClientRect()
          );
          const used = filled.length ? Math.max(...filled.map((r) => r.bottom)) - Math.min(...filled.map((r) => r.top)) : 0;
          return { texts, height: image.height, bodyUse: used / body.height };
        });

      const expected: Record<string, number[]> = {
        'Top 3 Podium': [1, 2, 3],
        'Full Leaderboard': [1, 2, 3, 4, 5, 6, 7, 8],
        'Workout Spotlight': [1, 2, 3, 4, 5],
        'Team Highlight': [7],
      };
      for (const template of Object.keys(expected)) {
        for (const format of ['Square Feed', 'Portrait', 'Instagram Story']) {
          await dialog.getByLabel(new RegExp(template)).check();
          if (template === 'Team Highlight') await dialog.getByRole('combobox', { name: 'Team' }).selectOption({ index: 6 }); // the 7th ranked team;
          await dialog.getByLabel(new RegExp(format)).check();
          const story = format === 'Instagram Story';
          const shown = (expected[template] ?? []).slice(0, template === 'Full Leaderboard' && story ? 5 : undefined);
          const m = await measure();
          const where = `${template} / ${format}`;
          expect(
            m.texts.filter((t) => t.clipped).map((t) => `${t.text}: ${t.why}`),
            where
          ).toEqual([]);
          const all = m.texts.map((t) => t.text);
          for (const i of shown) {
            expect(all, where).toContain(teamName(i));
            for (const a of athletes(i))
              expect(
                all.some((t) => t.includes(a)),
                `${where}: ${a}`
              ).toBe(true);
          }
          expect(
            m.texts.filter((t) => t.font < 12).map((t) => t.text),
            where
          ).toEqual([]);
          if (story) {
            expect(m.height).toBe(1920);
            expect(
              m.texts.filter((t) => t.top < 250 || t.bottom > 1920 - 340).map((t) => t.text),
              `${where}: safe zone`
            ).toEqual([]);
            if (template !== 'Team Highlight') expect(m.bodyUse, `${where}: height used`).toBeGreaterThan(0.75);
          }
        }
      }

      // Drawn: the story of each template, and the caption's link.
      for (const template of Object.keys(expected)) {
        await dialog.getByLabel(new RegExp(template)).check();
        await dialog.getByLabel(/Instagram Story/).check();
        await dialog.getByRole('button', { name: 'Generate Preview' }).click();
        const preview = dialog.getByTestId('export-image-preview');
        await preview.waitFor({ timeout: 30_000 });
        const src = (await preview.getAttribute('src')) ?? '';
        const file = template.toLowerCase().replace(/[^a-z0-9]+/g, '-');
        await viewImage(src, `export-40-${file}-story`);
        const caption = await dialog.getByLabel('Caption').inputValue();
        expect(caption.trim().split('\n').at(-1)).toBe(`Follow the live results: ${stack.baseUrl}/public/events/${event.id}`);
        await screenshot(page, `export-40-1280-${file}-story`);
        await dialog.getByRole('button', { name: 'Back' }).click();
      }
      await dialog.getByLabel(/Full Leaderboard/).check();
      await dialog.getByLabel(/Square Feed/).check();
      await dialog.getByRole('button', { name: 'Generate Preview' }).click();
      const preview = dialog.getByTestId('export-image-preview');
      await preview.waitFor({ timeout: 30_000 });
      await viewImage((await preview.getAttribute('src')) ?? '', 'export-40-full-leaderboard-square');
    } finally {
      await context.close();
    }
  });
});
