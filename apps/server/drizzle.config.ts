import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's tables (ADR 0130) and the PostgreSQL schemas they live in: no central list to keep.
  schema: ['./src/modules/*/*.schema.ts', './src/db/schema/namespaces.ts'],
  out: './drizzle',
  schemaFilter: ['auth', 'backend', 'mail', 'documents'],
});
