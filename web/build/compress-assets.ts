// Writes name.br and name.gz next to every compressible file of the build, so the gateway
// serves them by Accept-Encoding without compressing per request (gateway/static.go).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.ico', '.map']);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses every compressible file under dir; a variant is kept only when it is smaller. */
export function compressDir(dir: string): void {
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const raw = readFileSync(file);
    const variants = {
      br: brotliCompressSync(raw, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: statSync(file).size },
      }),
      gz: gzipSync(raw, { level: 9 }),
    };
    for (const [suffix, bytes] of Object.entries(variants)) {
      if (bytes.length < raw.length) writeFileSync(`${file}.${suffix}`, bytes);
    }
  }
}

/** Vite plugin: compresses the finished build. */
export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'podium-compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      compressDir(outDir);
    },
  };
}
