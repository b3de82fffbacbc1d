import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

// Vitest demands a default export here.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    // A worker imports React, Mantine and the app once for all its files instead of once per file: the web tests
    // took 469 s on two workers isolated and take about 120 s shared. setup-tests.ts resets what a test leaves behind.
    isolate: false,
    // Lazy pages and dictionaries load on first use; on a loaded 2-core machine that takes seconds.
    testTimeout: 30_000,
  },
});
