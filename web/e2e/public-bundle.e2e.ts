// Guards the spectator's download: the JS for a division leaderboard stays under 150 kB gzip
// and holds no handsontable, Markdown or admin code (see public-bundle-size.mjs), and the app's
// one chunk asks V8 to compile it as it streams in (build/compile-hint.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { COMPILE_HINT } from '../build/compile-hint';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');

it('keeps the division leaderboard under 150 kB gzip without admin code', () => {
  const out = execFileSync('node', ['e2e/public-bundle-size.mjs'], { cwd: WEB, encoding: 'utf8' });
  const match = /division leaderboard JS: ([\d.]+) kB raw, ([\d.]+) kB gzip/.exec(out);
  console.log(match?.[0]);
  expect(match).not.toBeNull();
  expect(Number(match![2])).toBeLessThan(150);
});

it("opens the entry's chunk with V8's compile hint", () => {
  const dist = resolve(WEB, 'dist');
  const manifest: Record<string, { file: string; isEntry?: boolean; imports?: string[] }> = JSON.parse(
    readFileSync(resolve(dist, '.vite/manifest.json'), 'utf8'),
  );
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const hinted = (entry?.imports ?? [])
    .map((key) => manifest[key].file)
    .filter((file) => readFileSync(resolve(dist, file), 'utf8').startsWith(COMPILE_HINT));
  expect(hinted).toHaveLength(1);
});
