import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { createTestApp, createTestUser, type TestContext } from '../../../test/setup-app';
import { companyScope } from '../../lib/company-scope';
import { insertApiKey, updateApiKey } from './api-keys.repository';
import { apiKeys } from './api-keys.schema';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const scopeOf = (companyId: string) => companyScope(testActor({ userId: 'u', companyId }), apiKeys.companyId);

async function keyOf(owner: { id: string; companyId: string }) {
  return insertApiKey(ctx.deps.db, {
    clientId: `ck_${randomUUID()}`,
    secretHash: 'x',
    name: 'Scoped',
    ownerId: owner.id,
    companyId: owner.companyId,
  });
}

describe('API key writes carry the company scope in their where clause', () => {
  it("change a key of the actor's company", async () => {
    const owner = await createTestUser(ctx.deps);
    const key = await keyOf(owner);
    expect((await updateApiKey(ctx.deps.db, key.id, { name: 'Renamed' }, scopeOf(owner.companyId)))?.name).toBe(
      'Renamed',
    );
  });

  it("leave another company's key, and a deleted key, untouched", async () => {
    const owner = await createTestUser(ctx.deps);
    const stranger = await createTestUser(ctx.deps);
    const key = await keyOf(owner);
    expect(
      await updateApiKey(ctx.deps.db, key.id, { name: 'Taken over' }, scopeOf(stranger.companyId)),
    ).toBeUndefined();
    await updateApiKey(ctx.deps.db, key.id, { deletedAt: new Date() }, undefined);
    expect(await updateApiKey(ctx.deps.db, key.id, { name: 'Back' }, undefined)).toBeUndefined();
  });
});
