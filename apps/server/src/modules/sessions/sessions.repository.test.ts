import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext } from '../../../test/setup-app';
import { findSession, insertSession, revokeLiveSessionOfUser, revokeSession } from './sessions.repository';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const sessionOf = async (userId: string) =>
  insertSession(ctx.deps.db, { userId, expiresAt: new Date(Date.now() + 3_600_000) });

describe('session writes carry the user in their where clause when a user ends a session', () => {
  it('end a session of the user named', async () => {
    const user = await createTestUser(ctx.deps);
    const session = await sessionOf(user.id);
    await revokeSession(ctx.deps.db, session.id, 'logout', user.id);
    expect((await findSession(ctx.deps.db, session.id))?.revokedReason).toBe('logout');
    const other = await sessionOf(user.id);
    expect((await revokeLiveSessionOfUser(ctx.deps.db, user.id, other.id, 'signed-out-by-user'))?.id).toBe(other.id);
  });

  it("leave another user's session running", async () => {
    const user = await createTestUser(ctx.deps);
    const stranger = await createTestUser(ctx.deps);
    const session = await sessionOf(user.id);
    await revokeSession(ctx.deps.db, session.id, 'logout', stranger.id);
    expect(await revokeLiveSessionOfUser(ctx.deps.db, stranger.id, session.id, 'signed-out-by-user')).toBeUndefined();
    expect((await findSession(ctx.deps.db, session.id))?.revokedAt).toBeNull();
  });
});
