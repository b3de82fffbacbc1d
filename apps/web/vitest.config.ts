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
    // Lazy pages and dictionaries load on first use; on a loaded 2-core machine that takes seconds.
    testTimeout: 30_000,
  },
});
