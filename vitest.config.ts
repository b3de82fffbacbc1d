import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One run for every workspace: each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
    // Vitest's default leaves one core to its main process: one worker on a 2-core machine, where the main process
    // mostly waits. A worker per core ran the whole suite in about half the time there (README, "Tests").
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
