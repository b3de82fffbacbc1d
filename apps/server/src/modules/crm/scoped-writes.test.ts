import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { createTestApp, createTestUser, type TestContext } from '../../../test/setup-app';
import type { Actor } from '../../lib/actor';
import { writableBy } from './crm.policy';
import * as repo from './crm.repository';
import { customerActivities, customerNotes } from './crm.schema';

// The company scope and the author rule are part of every note and activity write's statement: a write by
// someone who may read the record but not change it changes nothing and says so.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const actorOf = (user: { id: string; companyId: string }) => testActor({ userId: user.id, companyId: user.companyId });

async function setting() {
  const author = actorOf(await createTestUser(ctx.deps));
  const colleague = actorOf(await createTestUser(ctx.deps, { companyId: author.companyId }));
  const stranger = actorOf(await createTestUser(ctx.deps));
  const note = await repo.insertNote(ctx.deps.db, {
    companyId: author.companyId,
    body: 'Call back',
    authorId: author.userId,
    authorCompanyId: author.companyId,
  });
  const activity = await repo.insertActivity(ctx.deps.db, {
    companyId: author.companyId,
    type: 'call',
    subject: 'Follow up',
    assigneeId: colleague.userId,
    authorId: author.userId,
    authorCompanyId: author.companyId,
  });
  return { author, colleague, stranger, note, activity };
}

describe('note and activity writes carry the scope and the author rule', () => {
  it("change and delete a note for its author only, never for a colleague or another company's user", async () => {
    const { author, colleague, stranger, note } = await setting();
    const write = (who: Actor) => repo.updateNote(ctx.deps.db, who, note.id, { body: 'Changed' }, writableBy(who));
    expect(await write(colleague)).toBe(false);
    expect(await write(stranger)).toBe(false);
    expect(await repo.deleteNote(ctx.deps.db, colleague, note.id, writableBy(colleague))).toBe(false);
    expect((await ctx.deps.db.select().from(customerNotes).where(eq(customerNotes.id, note.id)))[0]?.body).toBe(
      'Call back',
    );
    expect(await write(author)).toBe(true);
    expect(await repo.deleteNote(ctx.deps.db, author, note.id, writableBy(author))).toBe(true);
  });

  it('let the assignee mark an activity done, but not change or delete it otherwise', async () => {
    const { author, colleague, stranger, activity } = await setting();
    const done = { doneAt: new Date() };
    expect(await repo.updateActivity(ctx.deps.db, colleague, activity.id, done, writableBy(colleague))).toBe(false);
    expect(
      await repo.updateActivity(ctx.deps.db, stranger, activity.id, done, writableBy(stranger, { orAssigned: true })),
    ).toBe(false);
    expect(
      await repo.updateActivity(ctx.deps.db, colleague, activity.id, done, writableBy(colleague, { orAssigned: true })),
    ).toBe(true);
    expect(await repo.deleteActivity(ctx.deps.db, colleague, activity.id, writableBy(colleague))).toBe(false);
    expect(
      await ctx.deps.db.select().from(customerActivities).where(eq(customerActivities.id, activity.id)),
    ).toHaveLength(1);
    expect(await repo.deleteActivity(ctx.deps.db, author, activity.id, writableBy(author))).toBe(true);
  });
});
