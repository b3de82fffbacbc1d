import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'mesh', environment: 'node', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
