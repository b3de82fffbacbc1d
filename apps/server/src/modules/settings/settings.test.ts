import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../../../test/setup-app';
import { createDeps } from '../../bootstrap';
import type { Deps } from '../../deps';
import { defineModule } from '../../lib/define-module';
import { AppError } from '../../lib/errors';
import { defineSettings } from '../../lib/settings';
import { modules } from '..';
import { saveSettings } from '.';
import { settings } from './settings.schema';

// A section of its own (tests on a shared PostgreSQL never change a real area's settings for other files).
const probeSettings = defineSettings({
  key: 'settings-probe',
  schema: z.object({ greeting: z.string().min(1).max(20), limit: z.number().int().min(1) }),
  defaults: { greeting: 'hello', limit: 3 },
});
declare module '../../lib/settings' {
  interface SettingsSections {
    'settings-probe': { greeting: string; limit: number };
  }
}
const probeModule = defineModule({ name: 'settings-probe', service: 'api', settings: probeSettings });
const declared = [...modules, probeModule];

let ctx: TestContext;
/** A second app on the same database: its own pools and listener on PostgreSQL, the same PGlite otherwise. */
let other: { deps: Deps; close(): Promise<void> };
beforeAll(async () => {
  ctx = await createTestApp(
    {},
    {
      modules: declared,
      settings: {
        invoices: { tax_rate: 750, number_pattern: 'R-{YYYY}-{NNNN}' },
        tickets: { support_mail: 'help@test.cuspid.local' },
      },
    },
  );
  if (process.env.DATABASE_URL) {
    const app = await createTestApp({}, { modules: declared });
    other = { deps: app.deps, close: () => app.close() };
  } else {
    const deps = await createDeps(ctx.deps.config, ctx.deps.logger, {
      migrate: false,
      seedDemo: false,
      database: ctx.deps.database,
      modules: declared,
    });
    other = { deps, close: () => deps.jobs.stop() };
  }
});
afterAll(async () => {
  await ctx?.deps.db.delete(settings).where(eq(settings.key, probeSettings.key));
  await other?.close();
  await ctx?.close();
});

/** Reads until `check` passes (or `ms` pass): answers how long it took. */
async function until(read: () => Promise<unknown>, check: (value: unknown) => boolean, ms: number) {
  const started = Date.now();
  while (!check(await read())) {
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Date.now() - started;
}

describe('settings', () => {
  it("start from the section's defaults in code, beneath a process's own defaults", async () => {
    expect(await ctx.deps.settings.get('invoices')).toEqual({ tax_rate: 750, number_pattern: 'R-{YYYY}-{NNNN}' });
    expect(await ctx.deps.settings.get('tickets')).toEqual({ support_mail: 'help@test.cuspid.local' });
    expect(await ctx.deps.settings.get('settings-probe')).toEqual({ greeting: 'hello', limit: 3 });
    expect(await other.deps.settings.get('invoices')).toEqual({ tax_rate: 1900, number_pattern: '{YYYY}-{NNNNNN}' });
    expect(await other.deps.settings.get('tickets')).toEqual({ support_mail: null });
  });

  it('refuse a save their schema refuses, with an error per field, and keep what they had', async () => {
    const refused = await saveSettings(ctx.deps, null, 'invoices', {
      tax_rate: -1,
      number_pattern: 'no counter',
    }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('VALIDATION_FAILED');
    expect(Object.keys((refused as AppError).errors ?? {}).sort()).toEqual(['number_pattern', 'tax_rate']);
    expect((await ctx.deps.settings.get('invoices')).tax_rate).toBe(750);
  });

  it('are read once per process, and a save in one app is seen by another on the same database within a second', async () => {
    const read = () => other.deps.settings.get('settings-probe');
    // The first read starts listening; once it listens, a section is read once and kept.
    await until(
      async () => [await read(), await read()],
      (pair) => (pair as unknown[])[0] === (pair as unknown[])[1],
      5000,
    );
    const saved = await saveSettings(ctx.deps, null, 'settings-probe', { greeting: 'welcome', limit: 9 });
    expect(saved).toEqual({ greeting: 'welcome', limit: 9 });
    expect(await ctx.deps.settings.get('settings-probe')).toEqual(saved);
    const ms = await until(read, (value) => (value as { greeting: string }).greeting === 'welcome', 1000);
    expect(ms).toBeLessThan(1000);
    expect(await read()).toEqual({ greeting: 'welcome', limit: 9 });
  });
});
