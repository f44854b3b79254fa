// Guards the spectator's download: the JS for a division leaderboard stays under 150 kB gzip
// and holds no handsontable, Markdown or admin code (see public-bundle-size.mjs).
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');

it('keeps the division leaderboard under 150 kB gzip without admin code', () => {
  const out = execFileSync('node', ['e2e/public-bundle-size.mjs'], { cwd: WEB, encoding: 'utf8' });
  const match = /division leaderboard JS: ([\d.]+) kB raw, ([\d.]+) kB gzip/.exec(out);
  console.log(match?.[0]);
  expect(match).not.toBeNull();
  expect(Number(match![2])).toBeLessThan(150);
});
