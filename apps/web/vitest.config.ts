import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/cleanup.ts'],
    passWithNoTests: true,
    // Screens render antd trees in happy-dom: on a shared, busy machine 5 s is not enough.
    testTimeout: 20_000,
  },
});
