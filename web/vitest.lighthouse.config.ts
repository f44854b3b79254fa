import { defineConfig } from 'vitest/config';

// `make lighthouse` (see e2e/lighthouse.measure.ts): a measurement run, not part of `make test`.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/lighthouse.measure.ts'],
    hookTimeout: 120_000,
  },
});
