import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase } from '../../../test/cases';
import { createTestApp, createTestUser, loginAs, requestsTo, type TestContext } from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { companies } from '../companies/companies.schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const { get, post } = requestsTo(() => ctx.app);

async function practice() {
  const [row] = await ctx.deps.db
    .insert(companies)
    .values({ companyName: `Practice ${randomUUID().slice(0, 6)}`, country: 'DE' })
    .returning();
  const member = async (roles: string[]) => {
    const user = await createTestUser(ctx.deps, { companyId: row!.id, roles });
    return { ...user, token: (await loginAs(ctx.app, user.mail)).token };
  };
  return { id: row!.id, user: await member(['end-user']), affiliate: await member(['affiliate']) };
}

describe('POST /jaw-orientation', () => {
  it('answers 400 for a bad body, 403 without the permission, 404 for another company', async () => {
    const p = await practice();
    const other = await practice();
    const { id } = await createTestCase(ctx.deps, { companyId: p.id, createdBy: p.user.id });
    const body = { id, jaw: 'upper', orientation: 3 };
    for (const bad of [
      { ...body, orientation: 24 },
      { ...body, orientation: -1 },
      { ...body, orientation: 1.5 },
      { ...body, jaw: 'middle' },
      { jaw: 'upper', orientation: 0 },
    ]) {
      expect((await post('/api/jaw-orientation', bad, p.user.token)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await post('/api/jaw-orientation', body, p.affiliate.token)).statusCode).toBe(403);
    expect((await post('/api/jaw-orientation', body, other.user.token)).statusCode).toBe(404);
    expect(
      (await get(`/api/case-lists/${id}`, p.user.token)).json().jaws.map((j: { orientation: number }) => j.orientation),
    ).toEqual([0, 0]);
  });

  it("stores a jaw's correction, answers it with the case, audits it, and refuses a jaw the case has not", async () => {
    const p = await practice();
    const { id } = await createTestCase(ctx.deps, { companyId: p.id, createdBy: p.user.id, jaws: ['lower'] });
    const set = await post('/api/jaw-orientation', { id, jaw: 'lower', orientation: 17 }, p.user.token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().jaws).toEqual([expect.objectContaining({ jaw: 'lower', orientation: 17 })]);
    const read = await get(`/api/case-lists/${id}`, p.user.token);
    expect(read.json().jaws[0].orientation).toBe(17);
    const audit = await ctx.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'update')));
    expect(audit.map((a) => a.changes.lower_orientation)).toContainEqual({ old: 0, new: 17 });
    // Back to the detected frame.
    const reset = await post('/api/jaw-orientation', { id, jaw: 'lower', orientation: 0 }, p.user.token);
    expect(reset.json().jaws[0].orientation).toBe(0);
    const missing = await post('/api/jaw-orientation', { id, jaw: 'upper', orientation: 1 }, p.user.token);
    expect(missing.json().code).toBe('CASE_JAW_MISSING');
  });
});
