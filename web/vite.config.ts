/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compileHint } from './build/compile-hint';
import { compressAssets } from './build/compress-assets';

export default defineConfig({
  plugins: [react(), tailwindcss(), compileHint(), compressAssets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
    },
  },
  build: {
    outDir: 'dist',
    // Everything the app's entry reaches without a lazy import goes into one chunk (a group that
    // captures main.tsx takes its static dependencies with it). Left alone, the bundler splits the
    // small modules the lazy routes share with the entry into chunks of their own, and a phone
    // opening a board fetched eight scripts instead of one: on a mobile network each wave of
    // requests costs a round trip before the board paints (docs/architecture.md, "The spectator's
    // first load").
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'index', test: /[\\/]src[\\/]main\.tsx$/ }] } },
    },
  },
  test: {
    globals: true,
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A component test renders, clicks and waits for the next state; on a machine shared by
    // many engineers (load 30 and more) one takes several seconds, so vitest's 5 s default
    // fails tests that are right. A test that hangs still fails, within the minute.
    testTimeout: 30_000,
    // Building jsdom is most of a file's cost (docs/measurements/2026-11-28-test-suite.md):
    // components (.test.tsx) get a DOM, the rules and helpers (.test.ts) run in plain node
    // unless the file asks for one (`// @vitest-environment jsdom` on its first line).
    projects: [
      { extends: true, test: { name: 'components', include: ['src/**/*.test.tsx'], environment: 'jsdom' } },
      { extends: true, test: { name: 'rules', include: ['src/**/*.test.ts'], environment: 'node' } },
    ],
  },
});
