import { randomUUID } from 'node:crypto';
import { jawFixtureStl } from '@cuspid/mesh/testing';
import { eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3 } from '../../../test/s3';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { uploadScan } from '../../../test/uploads';
import { companies } from '../companies/companies.schema';
import { processCase } from './cases.processing';
import { caseJaws, caseResultFiles, caseResults } from './cases.schema';

/**
 * A case's files from upload to permanent delete, on local disk and on S3-compatible storage (s3rver): the
 * scans the case takes over from its uploads, the engine's result files, downloads one by one and as a ZIP,
 * and their removal.
 */
describe.each(['local', 's3'] as const)('case files on %s storage', (driver) => {
  let ctx: TestContext;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  beforeAll(async () => {
    if (driver === 's3') s3 = await startS3('cuspid-cases');
    ctx = await createTestApp(s3?.env ?? {});
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await s3?.close();
  });
  const { get, post } = requestsTo(() => ctx.app);

  it('stores, processes, downloads and removes them for good', async () => {
    const [company] = await ctx.deps.db
      .insert(companies)
      .values({ companyName: `Files ${randomUUID().slice(0, 6)}`, country: 'DE' })
      .returning();
    const user = await createTestUser(ctx.deps, { companyId: company!.id, roles: ['end-user'] });
    const token = (await loginAs(ctx.app, user.mail)).token;
    const admin = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
    await post(
      '/api/grant-credits',
      { company_id: company!.id, credit_type: 'paid', amount: 500, reason: 'manual_grant', note: 'Files' },
      admin,
    );
    const upper = jawFixtureStl({ jaw: 'upper', triangles: 3000 });
    const created = await post(
      '/api/case-lists',
      {
        name: 'Storage',
        patient: 'P',
        upper_teeth: [11],
        lower_teeth: [],
        upper_upload_id: await uploadScan(ctx.app, token, upper, 'upper.stl'),
      },
      token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await processCase(ctx.deps, { caseId: id, run: 1 });
    expect((await get(`/api/case-lists/${id}`, token)).json().status).toBe('in-approval');

    const scan = await get(`/api/cases/${id}/jaws/upper/download`, token);
    expect(scan.rawPayload.equals(Buffer.from(upper))).toBe(true);
    const [result] = (await get(`/api/get-multiple-results/${id}`, token)).json().data;
    const zip = unzipSync(new Uint8Array((await get(`/api/case-results/${result.id}/download`, token)).rawPayload));
    // A small scan has no separate preview: the ZIP holds no copy of the repaired mesh.
    expect(Object.keys(zip).sort()).toEqual(['quality-report.json', 'upper-repaired.ply']);
    for (const file of result.files) {
      const one = await get(`/api/case-result-files/${file.id}/download`, token);
      expect(one.rawPayload.length).toBe(file.size);
      expect(Buffer.from(zip[file.file_name]!).equals(one.rawPayload)).toBe(true);
    }
    const report = JSON.parse(Buffer.from(zip['quality-report.json']!).toString('utf8'));
    expect(report.upper).toMatchObject({ format: 'stl-binary', holes: 0, boundary_loops: 1, holes_filled: 0 });

    const keys = [
      ...(await ctx.deps.db.select().from(caseJaws).where(eq(caseJaws.caseId, id))).map((j) => j.storageKey),
      ...(
        await ctx.deps.db
          .select({ key: caseResultFiles.storageKey })
          .from(caseResultFiles)
          .innerJoin(caseResults, eq(caseResults.id, caseResultFiles.resultId))
          .where(eq(caseResults.caseId, id))
      ).map((r) => r.key),
    ];
    // The scan, the repaired mesh and the report.
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(await ctx.deps.storage.head(key)).not.toBeNull();
    // Locked by its user until deleted: on a shared PostgreSQL database the back office of another test file may
    // empty every company's trash meanwhile, and leaves a case someone else holds locked.
    expect((await post(`/api/cases/lock/${id}`, {}, token)).statusCode).toBe(200);
    expect((await post('/api/update-status', { id, status: 'trash' }, token)).statusCode).toBe(200);
    expect((await post('/api/delete-cases', { ids: [id] }, token)).json().results).toEqual([{ id, ok: true }]);
    for (const key of keys) expect(await ctx.deps.storage.head(key)).toBeNull();
  });
});
