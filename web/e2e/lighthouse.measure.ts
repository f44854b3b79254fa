// `make lighthouse`: Lighthouse (mobile, its default simulated 4G and 4× CPU throttling) on the
// issue's limit case, a division of 100 teams × 8 workouts, with the machine's load average
// before each round. Timings move with the machine's load; bytes and DOM elements do not.
// LIGHTHOUSE_BASELINE=<another checkout, built> measures that build too, round for round beside
// this one, so a change is judged against a baseline taken under the same load.
// LIGHTHOUSE_SAVE_ASSETS=1 keeps each round's trace beside its report (`…-0.trace.json`), for
// naming the long tasks behind the total blocking time (docs/operations.md, "The spectator's phone").
// Not part of `make test`: a measurement, not a test. Reports land in web/test-results/.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { it } from 'vitest';
import { SCREENSHOT_DIR } from './browser';
import { seedLargeBoard } from './large-board-seed';
import { REPO, startStack, type Stack } from './stack';

const run = promisify(execFile);
const LIGHTHOUSE = 'lighthouse@13.5.0';
const ROUNDS = Number(process.env.LIGHTHOUSE_ROUNDS || 3);
const BASELINE = process.env.LIGHTHOUSE_BASELINE;
const SAVE_ASSETS = process.env.LIGHTHOUSE_SAVE_ASSETS === '1';

type Report = {
  categories: Record<string, { score: number }>;
  audits: Record<string, { numericValue?: number; displayValue?: string; details?: unknown }>;
};

type Build = { name: string; stack: Stack; pages: Record<string, string> };

async function boardPages(stack: Stack): Promise<Record<string, string>> {
  const board = await seedLargeBoard(stack.baseUrl, stack.username, stack.password);
  const base = `${stack.baseUrl}/public/events/${board.eventId}/divisions/${board.divisionId}`;
  return { division: `${base}/leaderboard`, workout: `${base}/workouts/${board.workoutIds[0]}/leaderboard` };
}

/** The LCP's phases (time to first byte, load delay, load time, render delay), in ms. */
function lcpPhases(a: Report['audits']): string {
  const items = (a['lcp-breakdown-insight']?.details as { items?: { items?: { label?: string; subpart?: string; duration?: number }[] }[] })?.items;
  const phases = items?.[0]?.items ?? [];
  return phases.map((p) => `${p.subpart ?? p.label} ${Math.round(p.duration ?? 0)}`).join(', ');
}

/** The long tasks Lighthouse saw (simulated start + duration, ms, and the script it names), against FCP: TBT counts those after it. */
function longTasks(a: Report['audits']): string {
  const items = (a['long-tasks']?.details as { items?: { url?: string; startTime?: number; duration?: number }[] })?.items ?? [];
  const name = (url = '') => url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '') || '-';
  const tasks = items.map((t) => `${Math.round(t.startTime ?? 0)}+${Math.round(t.duration ?? 0)} ${name(t.url)}`);
  return `FCP ${Math.round(a['first-contentful-paint']?.numericValue ?? 0)} ms, long tasks ${tasks.join(', ') || 'none'}`;
}

it('measures the 100-team leaderboards on Lighthouse mobile', async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const builds: Build[] = [];
  try {
    for (const [name, repo] of [...(BASELINE ? [['baseline', BASELINE]] : []), ['this', REPO]] as const) {
      const stack = await startStack({}, repo);
      builds.push({ name, stack, pages: await boardPages(stack) });
    }
    for (const page of ['division', 'workout']) {
      for (let round = 1; round <= ROUNDS; round += 1) {
        for (const { name, pages } of builds) {
          const load = loadavg().map((x) => x.toFixed(2)).join(' ');
          const out = resolve(SCREENSHOT_DIR, `lighthouse-${page}-${name}-${round}.json`);
          await run('npx', ['--yes', LIGHTHOUSE, pages[page]!, '--output=json', `--output-path=${out}`, '--chrome-flags=--headless --no-sandbox', '--only-categories=performance,accessibility,best-practices,seo', '--quiet', ...(SAVE_ASSETS ? ['--save-assets'] : [])], {
            env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' },
            maxBuffer: 1 << 26,
          });
          const { categories: c, audits: a } = JSON.parse(readFileSync(out, 'utf8')) as Report;
          const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
          const kB = ((a['total-byte-weight']?.numericValue ?? 0) / 1024).toFixed(1);
          console.log(
            `${page} ${BASELINE ? `${name} ` : ''}round ${round} (load average ${load}): performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
              `LCP ${a['largest-contentful-paint']?.displayValue} (${lcpPhases(a)}), TBT ${a['total-blocking-time']?.displayValue}, CLS ${a['cumulative-layout-shift']?.displayValue}, ` +
              `${kB} kB transferred, ${a['dom-size-insight']?.numericValue ?? a['dom-size']?.numericValue} DOM elements; ${longTasks(a)}`,
          );
        }
      }
    }
  } finally {
    for (const { stack } of builds) await stack.stop();
  }
}, 3_600_000);
