import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

function testWorkers(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const workers = Number(value);
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`TEST_WORKERS must be a whole number ≥ 1: ${value}`);
  return workers;
}

// One run for every workspace: each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
    // Vitest's default leaves one core to its main process: one worker on a 2-core machine, where the main process
    // mostly waits. A worker per core ran the whole suite in about half the time there (README, "Tests").
    // TEST_WORKERS sets it (CI runs one worker beside the browser tests).
    maxWorkers: testWorkers(process.env.TEST_WORKERS) ?? Math.max(2, availableParallelism()),
  },
});
