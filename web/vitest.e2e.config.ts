import { defineConfig } from 'vitest/config';

// Browser flows against the real stack (see e2e/stack.ts), long timeouts. The global setup
// migrates one template database that every file's stack clones. Files run two at a
// time: each starts its own stack (own database, free ports) and browser, so they share nothing,
// and a file spends much of its time waiting on the browser and the stack, which the other
// file's work fills (docs/architecture.md, "Tests").
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
  },
});
