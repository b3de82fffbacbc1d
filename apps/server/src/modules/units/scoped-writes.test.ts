import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { createTestApp, createTestUser, type TestContext } from '../../../test/setup-app';
import * as repo from './units.repository';
import { units, unitUsers } from './units.schema';

// The company scope is part of every unit write's statement, not only of the read before it.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const actorOf = (user: { id: string; companyId: string }) => testActor({ userId: user.id, companyId: user.companyId });

describe('unit writes carry the company scope', () => {
  it("change, empty and delete the actor's own units only", async () => {
    const mine = actorOf(await createTestUser(ctx.deps));
    const theirUser = await createTestUser(ctx.deps);
    const theirs = await repo.insertUnit(ctx.deps.db, { companyId: theirUser.companyId, name: 'Theirs' });
    const own = await repo.insertUnit(ctx.deps.db, { companyId: mine.companyId, name: 'Own' });
    await repo.replaceUnitUsers(ctx.deps.db, actorOf(theirUser), theirs.id, [theirUser.id]);

    expect(await repo.updateUnit(ctx.deps.db, mine, theirs.id, { name: 'Taken' })).toBe(false);
    expect(await repo.detachUser(ctx.deps.db, mine, theirs.id, theirUser.id)).toBe(false);
    await repo.replaceUnitUsers(ctx.deps.db, mine, theirs.id, []);
    expect(await repo.deleteUnits(ctx.deps.db, mine, [theirs.id, own.id])).toBe(1);

    const [kept] = await ctx.deps.db.select().from(units).where(eq(units.id, theirs.id));
    expect(kept?.name).toBe('Theirs');
    expect(await ctx.deps.db.select().from(unitUsers).where(eq(unitUsers.unitId, theirs.id))).toHaveLength(1);
    expect(await ctx.deps.db.select().from(units).where(eq(units.id, own.id))).toHaveLength(0);
    expect(await repo.detachUser(ctx.deps.db, actorOf(theirUser), theirs.id, theirUser.id)).toBe(true);
  });
});
