import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/error-table.ts'],
    // A worker imports the app once for all its files instead of once per file (a third of the CPU time). Each file
    // still builds its own app on its own database copy; no test reads another file's module state.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
