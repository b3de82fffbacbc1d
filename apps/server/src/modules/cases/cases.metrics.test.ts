import { CASE_STATUSES, type CaseStatus } from '@cuspid/contracts/cases';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestCase } from '../../../test/cases';
import { isolatedMetricPeriod, testActor, testCompanies } from '../../../test/fixtures';
import { createTestApp, type TestContext } from '../../../test/setup-app';
import { casesPerStatus } from './cases.metrics';
import { cases } from './cases.schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const company = async (values: { resellerId?: string } = {}) => (await testCompanies(() => ctx.deps.db)(values)).id;

async function caseAt(companyId: string, status: CaseStatus, createdAt: Date) {
  const { id } = await createTestCase(ctx.deps, { companyId, status, jaws: ['upper'] });
  await ctx.deps.db.update(cases).set({ createdAt }).where(eq(cases.id, id));
}

/** The counts of a metric's answer that are not zero, by key. */
const nonZero = (counts: { key: string; count: number }[]) =>
  Object.fromEntries(counts.filter((entry) => entry.count > 0).map((entry) => [entry.key, entry.count]));

describe('metric cases.per-status', () => {
  it("counts the caller's visible cases created in the period by status, every status listed", async () => {
    const period = isolatedMetricPeriod();
    const inside = new Date(period.from.getTime() + 60_000);
    const practice = await company();
    const customerOfPractice = await company({ resellerId: practice });
    const stranger = await company();
    await caseAt(practice, 'in-approval', inside);
    await caseAt(practice, 'in-approval', inside);
    await caseAt(practice, 'approved', inside);
    await caseAt(practice, 'hidden', inside);
    await caseAt(customerOfPractice, 'rejected', inside);
    await caseAt(stranger, 'approved', inside);
    // Created just before the period, and at its end (excluded).
    await caseAt(practice, 'approved', new Date(period.from.getTime() - 1));
    await caseAt(practice, 'approved', period.to);

    const compute = (actor: ReturnType<typeof testActor>) => casesPerStatus.compute({ db: ctx.deps.db, actor, period });
    const asPractice = await compute(testActor({ companyId: practice }));
    expect(asPractice.map((entry) => entry.key)).toEqual([...CASE_STATUSES]);
    // Its own cases and its customer's, not the hidden one (back office only) and not another company's.
    expect(nonZero(asPractice)).toEqual({ 'in-approval': 2, approved: 1, rejected: 1 });
    expect(nonZero(await compute(testActor({ companyId: stranger })))).toEqual({ approved: 1 });
    expect(nonZero(await compute(testActor({ companyId: customerOfPractice })))).toEqual({ rejected: 1 });
    // The back office sees every company's cases, hidden ones too.
    expect(nonZero(await compute(testActor({ companyId: practice, isStaff: true })))).toEqual({
      'in-approval': 2,
      approved: 2,
      rejected: 1,
      hidden: 1,
    });
  });
});
