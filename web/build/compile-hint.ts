// Marks the app's one chunk (the group that holds main.tsx, vite.config.ts) for eager
// compilation (V8's explicit compile hints: the magic comment `//# allFunctionsCalledOnLoad` on a
// script's first line). The board's first render calls most functions of that chunk; without the
// hint each is compiled on the main thread at its first call, inside the start-up tasks a
// phone's total blocking time counts, while with it V8 compiles them as the script streams in,
// off the main thread (docs/operations.md, "The spectator's phone").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const MAIN = /[\\/]src[\\/]main\.tsx$/;

export function compileHint(): Plugin {
  return {
    name: 'podium-compile-hint',
    apply: 'build',
    // On the written file: the bundler adds its own first lines after generateBundle, and the
    // comment must be the very first line. compressAssets compresses it afterwards (closeBundle).
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.moduleIds.some((id) => MAIN.test(id))) continue;
        const path = join(options.dir ?? 'dist', file.fileName);
        writeFileSync(path, COMPILE_HINT + readFileSync(path, 'utf8'));
      }
    },
  };
}
