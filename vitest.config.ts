import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Tests that hit a real local server (sandbox, smoke) are not timing
    // assertions; the generous timeout only absorbs a noisy shared machine.
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
