import { randomUUID } from 'node:crypto';
import { parseMesh } from '@cuspid/mesh';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase } from '../../../test/cases';
import { createTestApp, createTestUser, loginAs, requestsTo, type TestContext } from '../../../test/setup-app';
import { companies } from '../companies/companies.schema';
import { ledgerMismatches, readBalances } from '../credits';
import { creditLedger } from '../credits/credits.schema';
import { mailOutbox } from '../sent-mails/sent-mails.schema';
import { processCase } from './cases.processing';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());
const { get, put } = requestsTo(() => ctx.app);

async function practice() {
  const [row] = await ctx.deps.db
    .insert(companies)
    .values({ companyName: `Practice ${randomUUID().slice(0, 6)}`, country: 'DE' })
    .returning();
  const user = await createTestUser(ctx.deps, { companyId: row!.id, roles: ['end-user'] });
  return { id: row!.id, user, token: (await loginAs(ctx.app, user.mail)).token };
}

/** The mails queued for a company's cases: event and address. */
const mailsOf = async (companyId: string) =>
  (await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.companyId, companyId))).map((m) => ({
    event: m.event,
    to: m.to,
  }));

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('processing with the reference engine', () => {
  it('checks both jaws, writes the quality reports and a repaired mesh (no preview copy of a small scan), and moves the case to approval', async () => {
    const p = await practice();
    const upper = jawFixtureStl({ jaw: 'upper', triangles: 20_000 });
    const lower = jawFixtureStl({ jaw: 'lower', triangles: 20_000 });
    const { id } = await createTestCase(ctx.deps, {
      companyId: p.id,
      createdBy: p.user.id,
      status: 'queued',
      credits: 12,
      files: {
        upper: { fileName: 'UpperJaw.stl', content: upper },
        lower: { fileName: 'LowerJaw.stl', content: lower },
      },
    });
    await processCase(ctx.deps, { caseId: id, run: 1 });

    const found = (await get(`/api/case-lists/${id}`, p.token)).json();
    expect(found).toMatchObject({ status: 'in-approval', result_count: 1, processing_error: null, credits_spent: 12 });
    for (const jaw of found.jaws) {
      expect(jaw.status).toBe('done');
      // The open base is the scan's border, not a hole: a clean scan reports none, and the repair had none to fill.
      expect(jaw.quality).toMatchObject({
        format: 'stl-binary',
        holes: 0,
        boundary_loops: 1,
        largest_hole_edges: 0,
        holes_filled: 0,
        holes_too_large: 0,
        max_filled_hole_edges: 100,
        preview_triangles: null,
        non_manifold_edges: 0,
        degenerate_faces: 0,
      });
      expect(jaw.quality.border_edges).toBe(jaw.quality.boundary_edges);
      expect(jaw.quality.border_length).toBeGreaterThan(200);
      expect(jaw.quality.triangles).toBeGreaterThan(15_000);
      expect(jaw.quality.bounding_box.size[0]).toBeCloseTo(55, 0);
    }
    const results = (await get(`/api/get-multiple-results/${id}`, p.token)).json().data;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ version: 1, status: 'done', engine: 'reference' });
    expect(results[0].files.map((f: { file_name: string; kind: string }) => `${f.kind}:${f.file_name}`)).toEqual([
      // Scans of 16,000 triangles are within the preview budget: no separate preview, the viewer opens them whole.
      'mesh:upper-repaired.ply',
      'mesh:lower-repaired.ply',
      'report:quality-report.json',
    ]);
    // The repaired mesh is the scan, indexed: the same triangles.
    const repaired = results[0].files[0];
    const download = await get(`/api/case-result-files/${repaired.id}/download`, p.token);
    expect(parseMesh(new Uint8Array(download.rawPayload)).triangleCount).toBe(found.jaws[0].quality.triangles);
    // Logged step by step; the creator is told by mail that the result is ready (once).
    const logs = (await get(`/api/case-logs/${id}`, p.token)).json().data.map((l: { message: string }) => l.message);
    expect(logs.slice(0, 4)).toEqual([
      'Results ready for review',
      'Processing done',
      'Result 1 saved (3 files)',
      'Processing started (reference engine)',
    ]);
    // A second run of the same job (a retry after a crash) changes nothing.
    await processCase(ctx.deps, { caseId: id, run: 1 });
    expect((await get(`/api/get-multiple-results/${id}`, p.token)).json().data).toHaveLength(1);
    expect(await mailsOf(p.id)).toEqual([{ event: 'case.result-ready', to: p.user.mail }]);
  });

  it('ends a renamed PNG as unsupported with the reason, and gives the credits back exactly once', async () => {
    const p = await practice();
    const { id } = await createTestCase(ctx.deps, {
      companyId: p.id,
      status: 'queued',
      credits: 9,
      jaws: ['upper'],
      files: { upper: { fileName: 'upper.stl', content: PNG } },
    });
    expect((await readBalances(ctx.deps.db, p.id)).paid).toBe(0);
    await processCase(ctx.deps, { caseId: id, run: 1 });
    const found = (await get(`/api/case-lists/${id}`, p.token)).json();
    expect(found.status).toBe('unsupported');
    expect(found.processing_error).toBe(
      'Upper jaw: The file is not a 3D mesh we can read. Please upload an STL, PLY or OBJ file.',
    );
    expect(found.jaws[0]).toMatchObject({ status: 'unsupported', quality: null });
    expect(found.credits_spent).toBe(0);
    expect((await readBalances(ctx.deps.db, p.id)).paid).toBe(9);
    await processCase(ctx.deps, { caseId: id, run: 1 });
    const refunds = await ctx.deps.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.caseId, id), eq(creditLedger.reason, 'refund')));
    expect(refunds.map((r) => r.amount)).toEqual([9]);
    expect(await ledgerMismatches(ctx.deps.db, p.id)).toEqual([]);
  });

  it('ends a scan that is no plausible jaw (a tiny part) as unsupported with the size in the reason', async () => {
    const p = await practice();
    const tiny = jawFixtureStl({ widthMm: 3, depthMm: 2, wallHeightMm: 0.5, crownHeightMm: 0.5, ridgeWidthMm: 0.5 });
    const { id } = await createTestCase(ctx.deps, {
      companyId: p.id,
      status: 'queued',
      jaws: ['lower'],
      files: { lower: { fileName: 'lower.stl', content: tiny } },
    });
    await processCase(ctx.deps, { caseId: id, run: 1 });
    const found = (await get(`/api/case-lists/${id}`, p.token)).json();
    expect(found.status).toBe('unsupported');
    expect(found.processing_error).toMatch(/^Lower jaw: The scan is only 3(\.0)? mm across, too small for a jaw/);
    expect(found.jaws[0].quality.bounding_box.size[0]).toBeCloseTo(3, 1);
  });

  it('retries a run that fails for another reason, and fails it for good after the last attempt, refunded once', async () => {
    const p = await practice();
    const { id, row } = await createTestCase(ctx.deps, {
      companyId: p.id,
      status: 'queued',
      credits: 5,
      jaws: ['upper'],
    });
    // The scan is gone from storage: not the customer's fault, so the run is tried again.
    await ctx.deps.storage.delete(`cases/${row.id}/scans/upper.stl`);
    const attempts = ctx.deps.config.cases.processingAttempts;
    for (let attempt = 1; attempt < attempts; attempt++) {
      await expect(processCase(ctx.deps, { caseId: id, run: 1 })).rejects.toThrow();
      expect((await get(`/api/case-lists/${id}`, p.token)).json().status).toBe('in-progress');
    }
    await processCase(ctx.deps, { caseId: id, run: 1 });
    const found = (await get(`/api/case-lists/${id}`, p.token)).json();
    expect(found.status).toBe('failed');
    expect(found.processing_error).toMatch(new RegExp(`^Processing failed after ${attempts} attempts: `));
    expect((await readBalances(ctx.deps.db, p.id)).paid).toBe(5);
    const logs = (await get(`/api/case-logs/${id}`, p.token)).json().data.map((l: { message: string }) => l.message);
    expect(logs.filter((m: string) => m.startsWith('Attempt '))).toHaveLength(attempts - 1);
    expect(await ledgerMismatches(ctx.deps.db, p.id)).toEqual([]);
  });

  it('mails the creator when a case ends unsupported or failed, with the reason, unless the creator turned it off', async () => {
    const p = await practice();
    const unsupported = await createTestCase(ctx.deps, {
      companyId: p.id,
      createdBy: p.user.id,
      status: 'queued',
      jaws: ['upper'],
      files: { upper: { fileName: 'upper.stl', content: PNG } },
    });
    await processCase(ctx.deps, { caseId: unsupported.id, run: 1 });
    const [mail] = await ctx.deps.db.select().from(mailOutbox).where(eq(mailOutbox.companyId, p.id));
    expect(mail).toMatchObject({ event: 'case.unsupported', to: p.user.mail });
    expect(mail!.variables).toMatchObject({
      reason: 'Upper jaw: The file is not a 3D mesh we can read. Please upload an STL, PLY or OBJ file.',
    });

    // Turned off on the account page: the case still fails, and no mail goes out.
    const turnedOff = await put(
      '/auth/mail-preferences',
      { preferences: [{ event: 'case.failed', mail: false }] },
      p.token,
    );
    expect(turnedOff.statusCode).toBe(200);
    const failing = await createTestCase(ctx.deps, {
      companyId: p.id,
      createdBy: p.user.id,
      status: 'queued',
      jaws: ['upper'],
    });
    await ctx.deps.storage.delete(`cases/${failing.row.id}/scans/upper.stl`);
    for (let attempt = 1; attempt < ctx.deps.config.cases.processingAttempts; attempt++)
      await expect(processCase(ctx.deps, { caseId: failing.id, run: 1 })).rejects.toThrow();
    await processCase(ctx.deps, { caseId: failing.id, run: 1 });
    expect((await get(`/api/case-lists/${failing.id}`, p.token)).json().status).toBe('failed');
    expect(await mailsOf(p.id)).toEqual([{ event: 'case.unsupported', to: p.user.mail }]);
  });

  it('ignores a job of an older run', async () => {
    const p = await practice();
    const { id } = await createTestCase(ctx.deps, { companyId: p.id, status: 'queued' });
    await processCase(ctx.deps, { caseId: id, run: 7 });
    expect((await get(`/api/case-lists/${id}`, p.token)).json().status).toBe('queued');
  });
});
