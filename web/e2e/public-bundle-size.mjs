// The JavaScript a visitor downloads to open a division leaderboard, gzip-measured from the
// production build's manifest (`make build` writes dist/.vite/manifest.json, scripts/build-web.sh):
// the entry chunk and its static imports, plus the route modules of /public (layout) and the
// division leaderboard with their static imports (when they are lazy chunks; today they come with
// the entry, see src/app/routes.tsx).
// Usage: node e2e/public-bundle-size.mjs   (after `make build`; reads dist/, builds nothing)
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const outDir = 'dist';
const manifestFile = `${outDir}/.vite/manifest.json`;
if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: run \`make build\` first`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) visit(dep);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const routes = ['src/app/routes/public/layout.tsx', 'src/app/routes/public/division-leaderboard.tsx'];
visit(entry);
routes.forEach((k) => {
  if (manifest[k]) visit(k);
  // Not a chunk of its own: the module is bundled into a chunk already counted (the entry's).
  else if (!existsSync(k)) throw new Error(`no such route module: ${k}`);
});
let raw = 0;
let gz = 0;
const rows = [...seen].map((k) => {
  const buf = readFileSync(`${outDir}/${manifest[k].file}`);
  const g = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += g;
  return { chunk: manifest[k].file, kB: (buf.length / 1024).toFixed(1), gzipKB: (g / 1024).toFixed(1) };
});
console.table(rows);
const banned = [...seen].filter((k) => /handsontable|routes\/admin|features\/(results|teams|events|divisions|workouts)\//.test(k) || /handsontable|markdown/.test(manifest[k].file));
console.log(`division leaderboard JS: ${(raw / 1024).toFixed(1)} kB raw, ${(gz / 1024).toFixed(1)} kB gzip (${seen.size} chunks)`);
if (banned.length) {
  console.error('admin code, handsontable or markdown in the public path:', banned);
  process.exitCode = 1;
}
if (gz / 1024 >= 150) {
  console.error('over the 150 kB gzip goal');
  process.exitCode = 1;
}
