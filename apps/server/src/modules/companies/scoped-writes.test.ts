import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { createTestApp, createTestUser, type TestContext } from '../../../test/setup-app';
import * as repo from './companies.repository';
import { companies, companyBankAccounts } from './companies.schema';
import * as importRepo from './companies-import.repository';

// The company scope is part of every write's statement, not only of the read before it: a write by an
// actor who does not (or no longer) see the company changes nothing and says so.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const actorOf = (user: { id: string; companyId: string }, isStaff = false) =>
  testActor({ userId: user.id, companyId: user.companyId, isStaff });

async function setting() {
  const partner = actorOf(await createTestUser(ctx.deps));
  const below = await repo.insertCompany(ctx.deps.db, { companyName: 'Below', resellerId: partner.companyId });
  const stranger = await repo.insertCompany(ctx.deps.db, { companyName: 'Stranger' });
  const staff = actorOf(await createTestUser(ctx.deps, { staff: true }), true);
  return { partner, below, stranger, staff };
}
const cityOf = async (id: string) =>
  (await ctx.deps.db.select({ city: companies.city }).from(companies).where(eq(companies.id, id)))[0]?.city;

describe('company writes carry the company scope', () => {
  it("updates a company in the actor's reach, and nothing outside it", async () => {
    const { partner, below, stranger, staff } = await setting();
    expect(await repo.updateCompany(ctx.deps.db, partner, below.id, { city: 'Bonn' })).toBe(true);
    expect(await cityOf(below.id)).toBe('Bonn');
    expect(await repo.updateCompany(ctx.deps.db, partner, stranger.id, { city: 'Bonn' })).toBe(false);
    expect(await importRepo.updateCompany(ctx.deps.db, partner, stranger.id, { city: 'Bonn' })).toBe(false);
    expect(await cityOf(stranger.id)).toBeNull();
    expect(await repo.updateCompany(ctx.deps.db, staff, stranger.id, { city: 'Köln' })).toBe(true);
    expect(await cityOf(stranger.id)).toBe('Köln');
  });

  it('deletes only within reach, and never a company deleted already', async () => {
    const { partner, below, stranger } = await setting();
    expect(await repo.softDeleteCompany(ctx.deps.db, partner, stranger.id)).toBe(false);
    expect(await repo.softDeleteCompany(ctx.deps.db, partner, below.id)).toBe(true);
    expect(await repo.softDeleteCompany(ctx.deps.db, partner, below.id)).toBe(false);
    expect(await repo.updateCompany(ctx.deps.db, partner, below.id, { city: 'Bonn' })).toBe(false);
  });

  it("leaves the bank accounts of a company outside the actor's reach alone", async () => {
    const { partner, stranger, staff } = await setting();
    await repo.replaceBankAccounts(ctx.deps.db, staff, stranger.id, [
      { iban: 'DE02120300000000202051', isDefault: true },
    ]);
    await repo.replaceBankAccounts(ctx.deps.db, partner, stranger.id, []);
    await importRepo.setDefaultBankAccount(ctx.deps.db, partner, stranger.id, null);
    const accounts = await ctx.deps.db
      .select()
      .from(companyBankAccounts)
      .where(eq(companyBankAccounts.companyId, stranger.id));
    expect(accounts).toMatchObject([{ iban: 'DE02120300000000202051', isDefault: true }]);
  });
});
