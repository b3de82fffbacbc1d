import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase } from '../../../../test/cases';
import { createTestApp, createTestUser, type TestContext } from '../../../../test/setup-app';
import type { Deps } from '../../../deps';
import { defineModule } from '../../../lib/define-module';
import { createEngineRegistry, type Engine, type EngineRun } from '../../../lib/engines';
import { modules } from '../..';
import { processCase } from '../cases.processing';
import { caseResults, cases } from '../cases.schema';

// A third engine (ADR 0132) as a future area adds one: a module declaring it, and nothing edited elsewhere.

const runs: EngineRun[] = [];
const segmentationEngine: Engine<Deps> = {
  id: 'segmentation',
  async process(_deps, run) {
    runs.push(run);
    return {
      status: 'done',
      jaws: run.jaws.map((jaw) => ({ jaw: jaw.jaw, status: 'done' })),
      files: [
        {
          kind: 'report',
          jaw: null,
          fileName: 'segments.json',
          contentType: 'application/json',
          body: new TextEncoder().encode('{"teeth":[]}'),
        },
      ],
    };
  },
};
const segmentationModule = defineModule({ name: 'segmentation', service: 'api', engines: [segmentationEngine] });

let ctx: TestContext;
let companyId: string;
beforeAll(async () => {
  ctx = await createTestApp({}, { modules: [...modules, segmentationModule] });
  companyId = (await createTestUser(ctx.deps, { roles: ['end-user'] })).companyId;
});
afterAll(async () => {
  await ctx?.close();
});

describe('the engine registry', () => {
  it('processes a case by the engine the case names, here one a module declared', async () => {
    expect(ctx.deps.engines.ids).toEqual(['reference', 'external', 'segmentation']);
    expect(ctx.deps.engines.defaultId).toBe('reference');
    const made = await createTestCase(ctx.deps, { companyId, status: 'queued', engine: 'segmentation' });
    await processCase(ctx.deps, { caseId: made.id, run: 1 });
    expect(runs.map((r) => r.caseId)).toEqual([made.id]);
    const [row] = await ctx.deps.db.select().from(cases).where(eq(cases.id, made.id));
    expect(row).toMatchObject({ status: 'in-approval', engine: 'segmentation' });
    const results = await ctx.deps.db.select().from(caseResults).where(eq(caseResults.caseId, made.id));
    expect(results).toMatchObject([{ engine: 'segmentation', status: 'done' }]);
  });

  it('gives new cases the configured engine, and stops the boot for an unknown one or an id declared twice', () => {
    const registry = createEngineRegistry([segmentationEngine], 'segmentation');
    expect(registry.get('segmentation')).toBe(segmentationEngine);
    expect(() => registry.get('reference')).toThrow('The reference engine is not available in this process');
    expect(() => createEngineRegistry([segmentationEngine], 'reference')).toThrow(
      'CASE_ENGINE: no engine reference (declared: segmentation)',
    );
    expect(() => createEngineRegistry([segmentationEngine, segmentationEngine], 'segmentation')).toThrow(
      'Two engines are declared with the id segmentation',
    );
  });
});
