import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext } from '../../../test/setup-app';
import { users } from '../../db/schema';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { updateUserRow } from './users.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const actorIn = (companyId: string, isStaff = false): Actor => ({
  kind: 'user',
  sessionId: 's',
  twoFactorSetupRequired: false,
  userId: 'u',
  companyId,
  roles: [],
  permissions: [],
  isStaff,
});

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
