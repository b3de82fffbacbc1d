import { defineConfig } from 'vitest/config';

// One run for every workspace: each project keeps its own environment and setup.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/server/vitest.config.ts', 'apps/web/vitest.config.ts'],
  },
});
