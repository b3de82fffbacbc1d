import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { createTestApp, createTestUser, type TestContext } from '../../../test/setup-app';
import type { Actor } from '../../lib/actor';
import * as repo from './tickets.repository';
import { ticketAttachments, ticketComments } from './tickets.schema';

// The company scope and the internal-note rule are part of every comment and file write's own statement: a
// write by someone outside the ticket's company, or by a customer on an internal note, changes nothing and says so.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const actorOf = (user: { id: string; companyId: string }, isStaff = false) =>
  testActor({ userId: user.id, companyId: user.companyId, isStaff });

async function setting() {
  const customer = actorOf(await createTestUser(ctx.deps));
  const stranger = actorOf(await createTestUser(ctx.deps));
  const staff = actorOf(await createTestUser(ctx.deps, { staff: true }), true);
  const sequence = randomInt(1_000_000, 2_000_000_000);
  const ticket = await repo.insertTicket(ctx.deps.db, {
    number: `T-1999-${sequence}`,
    numberYear: 1999,
    numberSequence: sequence,
    companyId: customer.companyId,
    subject: 'Scan rejected',
    description: 'Why?',
    reporterId: customer.userId,
  });
  const comment = (isInternal: boolean, author: Actor) =>
    repo.insertComment(ctx.deps.db, {
      ticketId: ticket.id,
      authorId: author.userId,
      byStaff: author.isStaff,
      isInternal,
      body: isInternal ? 'Internal note' : 'Answer',
    });
  const answer = await comment(false, customer);
  const note = await comment(true, staff);
  const file = (commentId: string) => ({
    ticketId: ticket.id,
    commentId,
    fileName: 'a.pdf',
    contentType: 'application/pdf',
    size: 1,
    storageKey: `tickets/test/${commentId}`,
  });
  const [answerFile, noteFile] = await repo.insertAttachments(ctx.deps.db, [file(answer.id), file(note.id)]);
  return { customer, stranger, staff, answer, note, answerFile: answerFile!, noteFile: noteFile! };
}

const bodyOf = async (id: string) =>
  (await ctx.deps.db.select().from(ticketComments).where(eq(ticketComments.id, id)))[0]?.body;
const fileExists = async (id: string) =>
  (await ctx.deps.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, id))).length === 1;

describe('ticket comment and file writes carry the scope and the internal-note rule', () => {
  it("change and delete a comment only for a user who may read it, never for another company's user", async () => {
    const { customer, stranger, staff, answer, note } = await setting();
    const edit = { body: 'Changed', editedAt: new Date() };
    expect(await repo.updateComment(ctx.deps.db, stranger, answer.id, edit)).toBe(false);
    expect(await repo.deleteComment(ctx.deps.db, stranger, answer.id)).toBe(false);
    expect(await bodyOf(answer.id)).toBe('Answer');
    // The customer's own company, but an internal note: not theirs to touch.
    expect(await repo.updateComment(ctx.deps.db, customer, note.id, edit)).toBe(false);
    expect(await repo.deleteComment(ctx.deps.db, customer, note.id)).toBe(false);
    expect(await bodyOf(note.id)).toBe('Internal note');
    expect(await repo.updateComment(ctx.deps.db, customer, answer.id, edit)).toBe(true);
    expect(await bodyOf(answer.id)).toBe('Changed');
    expect(await repo.deleteComment(ctx.deps.db, staff, note.id)).toBe(true);
    expect(await bodyOf(note.id)).toBeUndefined();
  });

  it("delete a file only for a user who sees it: no other company's user, no customer for an internal note's file", async () => {
    const { customer, stranger, staff, answerFile, noteFile } = await setting();
    expect(await repo.deleteAttachment(ctx.deps.db, stranger, answerFile.id)).toBe(false);
    expect(await repo.deleteAttachment(ctx.deps.db, customer, noteFile.id)).toBe(false);
    expect(await fileExists(answerFile.id)).toBe(true);
    expect(await fileExists(noteFile.id)).toBe(true);
    expect(await repo.deleteAttachment(ctx.deps.db, customer, answerFile.id)).toBe(true);
    expect(await repo.deleteAttachment(ctx.deps.db, staff, noteFile.id)).toBe(true);
    expect(await fileExists(answerFile.id)).toBe(false);
    expect(await fileExists(noteFile.id)).toBe(false);
    // A second removal finds nothing.
    expect(await repo.deleteAttachment(ctx.deps.db, staff, noteFile.id)).toBe(false);
  });
});
