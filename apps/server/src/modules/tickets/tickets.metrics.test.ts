import { randomInt } from 'node:crypto';
import { TICKET_PRIORITIES, type TicketPriority, type TicketStatus } from '@cuspid/contracts/tickets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isolatedMetricPeriod, testActor, testCompanies } from '../../../test/fixtures';
import { createTestApp, type TestContext } from '../../../test/setup-app';
import { openTicketsPerPriority } from './tickets.metrics';
import * as repo from './tickets.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const company = async (values: { resellerId?: string } = {}) => (await testCompanies(() => ctx.deps.db)(values)).id;

function ticketAt(companyId: string, priority: TicketPriority, status: TicketStatus, createdAt: Date) {
  const sequence = randomInt(1_000_000, 2_000_000_000);
  return repo.insertTicket(ctx.deps.db, {
    number: `T-1999-${sequence}`,
    numberYear: 1999,
    numberSequence: sequence,
    companyId,
    subject: 'Scan rejected',
    description: 'Why?',
    priority,
    status,
    createdAt,
  });
}

const nonZero = (counts: { key: string; count: number }[]) =>
  Object.fromEntries(counts.filter((entry) => entry.count > 0).map((entry) => [entry.key, entry.count]));

describe('metric tickets.open-per-priority', () => {
  it("counts the caller's visible tickets opened in the period and not resolved, by priority", async () => {
    const period = isolatedMetricPeriod();
    const inside = new Date(period.from.getTime() + 60_000);
    const practice = await company();
    const customerOfPractice = await company({ resellerId: practice });
    const stranger = await company();
    await ticketAt(practice, 'high', 'new', inside);
    await ticketAt(practice, 'high', 'waitingForResponse', inside);
    await ticketAt(practice, 'normal', 'open', inside);
    await ticketAt(practice, 'low', 'resolved', inside);
    await ticketAt(customerOfPractice, 'low', 'pending', inside);
    await ticketAt(stranger, 'high', 'open', inside);
    await ticketAt(practice, 'normal', 'open', new Date(period.from.getTime() - 1));
    await ticketAt(practice, 'normal', 'open', period.to);

    const compute = (actor: ReturnType<typeof testActor>) =>
      openTicketsPerPriority.compute({ db: ctx.deps.db, actor, period });
    const asPractice = await compute(testActor({ companyId: practice }));
    expect(asPractice.map((entry) => entry.key)).toEqual([...TICKET_PRIORITIES]);
    expect(nonZero(asPractice)).toEqual({ high: 2, normal: 1, low: 1 });
    expect(nonZero(await compute(testActor({ companyId: stranger })))).toEqual({ high: 1 });
    expect(nonZero(await compute(testActor({ companyId: practice, isStaff: true })))).toEqual({
      high: 3,
      normal: 1,
      low: 1,
    });
  });
});
