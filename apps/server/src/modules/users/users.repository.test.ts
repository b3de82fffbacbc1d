import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { createTestApp, createTestUser, type TestContext } from '../../../test/setup-app';
import { companyScope } from '../../lib/company-scope';
import { insertCompany } from '../companies';
import { listUsers, updateUserRow } from './users.repository';
import { users } from './users.schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const actorIn = (companyId: string, isStaff = false) => testActor({ userId: 'u', companyId, isStaff });

describe('user writes carry the company scope in their where clause', () => {
  it("change a user of the actor's company, and any user for staff", async () => {
    const user = await createTestUser(ctx.deps);
    const scope = companyScope(actorIn(user.companyId), users.companyId);
    expect((await updateUserRow(ctx.deps.db, user.id, { firstName: 'Own' }, scope))?.firstName).toBe('Own');
    const other = await createTestUser(ctx.deps);
    const staffScope = companyScope(actorIn(user.companyId, true), users.companyId);
    expect((await updateUserRow(ctx.deps.db, other.id, { firstName: 'Staff' }, staffScope))?.firstName).toBe('Staff');
  });

  it("leave another company's user, and a deleted user, untouched", async () => {
    const user = await createTestUser(ctx.deps);
    const stranger = await createTestUser(ctx.deps);
    const scope = companyScope(actorIn(stranger.companyId), users.companyId);
    expect(await updateUserRow(ctx.deps.db, user.id, { firstName: 'Taken over' }, scope)).toBeUndefined();
    await updateUserRow(ctx.deps.db, user.id, { deletedAt: new Date() }, undefined);
    expect(await updateUserRow(ctx.deps.db, user.id, { firstName: 'Back' }, undefined)).toBeUndefined();
  });
});

describe('the user list counts along with its page (ADR 0085)', () => {
  const page = (offset: number, search?: string) => ({
    offset,
    limit: 2,
    search,
    sortBy: 'created_at',
    sortDir: 'asc' as const,
  });

  it('answers the count with the page, past the last page, and for no match', async () => {
    const name = `Zahnwerk ${crypto.randomUUID().slice(0, 8)}`;
    const company = await insertCompany(ctx.deps.db, { companyName: name });
    const members = [];
    for (let i = 0; i < 3; i++) members.push(await createTestUser(ctx.deps, { companyId: company.id }));
    // One of them matches by name as well as by company: counted once.
    await updateUserRow(ctx.deps.db, members[0]!.id, { firstName: name }, undefined);
    const first = await listUsers(ctx.deps.db, undefined, page(0), company.id);
    expect(first.data).toHaveLength(2);
    expect(first.count).toBe(3);
    const past = await listUsers(ctx.deps.db, undefined, page(10), company.id);
    expect(past).toEqual({ data: [], count: 3 });
    expect(await listUsers(ctx.deps.db, undefined, page(0, 'qxzj-no-such-user'), company.id)).toEqual({
      data: [],
      count: 0,
    });
    // The company-name arm of the search: the company's users, whatever their own names and mails.
    const byCompanyName = await listUsers(ctx.deps.db, undefined, page(0, name.toLowerCase()));
    expect(byCompanyName.count).toBe(3);
    expect(byCompanyName.data.every((row) => row.companyName === name)).toBe(true);
  });
});
