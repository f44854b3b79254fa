import { defineConfig } from 'vitest/config';

// Browser flows against the real stack (see e2e/stack.ts). One file at a time, long timeouts.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.ts'],
    setupFiles: ['e2e/setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
