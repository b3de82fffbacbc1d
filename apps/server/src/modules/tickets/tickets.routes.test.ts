import { randomUUID } from 'node:crypto';
import type { SearchResponse } from '@cuspid/contracts/search';
import type { Ticket, TicketComment, TicketListItem } from '@cuspid/contracts/tickets';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MultipartPart, multipart } from '../../../test/docx';
import { testCompanies } from '../../../test/fixtures';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  randomAddress,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { companies } from '../companies/companies.schema';
import { deliverMail } from '../sent-mails/mail-delivery';
import { mailOutbox } from '../sent-mails/sent-mails.schema';
import { users } from '../users/users.schema';
import { ticketAttachments } from './tickets.schema';

const SUPPORT = 'support@test.cuspid.local';

let ctx: TestContext;
let staffToken: string;
let staffId: string;
/** A dental practice and one of its users; a second practice; a reseller above a third. */
let practice: { companyId: string; token: string; userId: string; mail: string };
let stranger: { companyId: string; token: string };
let reseller: { token: string; childId: string };
/** A user of the practice whose role lacks backoffice-ticket. */
let noPermissionToken: string;

const company = testCompanies(() => ctx.deps.db);

async function member(companyId: string, roles: string[]) {
  const user = await createTestUser(ctx.deps, { companyId, roles });
  return { ...user, token: (await loginAs(ctx.app, user.mail)).token };
}

beforeAll(async () => {
  ctx = await createTestApp({}, { settings: { tickets: { support_mail: SUPPORT } } });
  await createTestAdmin(ctx.deps);
  const staff = await createTestUser(ctx.deps, { roles: ['employee'], staff: true });
  staffId = staff.id;
  staffToken = (await loginAs(ctx.app, staff.mail)).token;
  const practiceCompany = await company();
  const user = await member(practiceCompany.id, ['end-user']);
  practice = { companyId: practiceCompany.id, token: user.token, userId: user.id, mail: user.mail };
  const strangerCompany = await company();
  stranger = { companyId: strangerCompany.id, token: (await member(strangerCompany.id, ['end-user'])).token };
  const resellerCompany = await company({ companyName: `Reseller ${randomUUID().slice(0, 6)}` });
  const child = await company({ resellerId: resellerCompany.id });
  reseller = { token: (await member(resellerCompany.id, ['reseller'])).token, childId: child.id };
  noPermissionToken = (await member(practiceCompany.id, ['affiliate'])).token;
});
afterAll(() => ctx?.close());

const { call, get, post, put } = requestsTo(() => ctx.app);
const del = (url: string, token?: string) => call('DELETE', url, token);

function upload(url: string, parts: MultipartPart[], token?: string) {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    remoteAddress: randomAddress(),
  });
}

const file = (fileName: string, content: string): MultipartPart => ({
  name: 'attachments',
  fileName,
  content: Buffer.from(content),
});

async function openTicket(token: string, fields: Record<string, string> = {}, files: MultipartPart[] = []) {
  const response = await upload(
    '/api/ticket',
    [
      { name: 'subject', value: fields.subject ?? `Scan question ${randomUUID().slice(0, 6)}` },
      { name: 'description', value: fields.description ?? 'The upper jaw result looks shifted.' },
      ...Object.entries(fields)
        .filter(([name]) => name !== 'subject' && name !== 'description')
        .map(([name, value]) => ({ name, value })),
      ...files,
    ],
    token,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Ticket;
}

async function comment(
  token: string,
  ticketId: string,
  body: string,
  options: { internal?: boolean; files?: MultipartPart[] } = {},
) {
  return upload(
    '/api/ticket/comments',
    [
      { name: 'ticket_id', value: ticketId },
      { name: 'body', value: body },
      ...(options.internal ? [{ name: 'is_internal', value: 'true' }] : []),
      ...(options.files ?? []),
    ],
    token,
  );
}

/** The mails written for a ticket (by its number), oldest first. */
async function mailsOf(ticket: { number: string }) {
  return ctx.deps.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.variables}->>'ticket_number' = ${ticket.number}`)
    .orderBy(mailOutbox.createdAt);
}

describe('GET /api/ticket', () => {
  it('answers 400 for a bad filter, 403 without the permission', async () => {
    expect((await get('/api/ticket?status=closed', staffToken)).statusCode).toBe(400);
    expect((await get('/api/ticket?priority=urgent', staffToken)).statusCode).toBe(400);
    expect((await get('/api/ticket', noPermissionToken)).statusCode).toBe(403);
  });

  it("lists a company's own tickets only (another company's are not there), staff every company's, with filters", async () => {
    const own = await openTicket(practice.token, { priority: 'high' });
    const other = await openTicket(stranger.token);
    const mine = (await get('/api/ticket?per_page=100', practice.token)).json();
    expect(mine.data.map((t: TicketListItem) => t.id)).toContain(own.id);
    expect(mine.data.map((t: TicketListItem) => t.id)).not.toContain(other.id);
    // Filtering on another company answers nothing of it.
    const filtered = (await get(`/api/ticket?company_id=${stranger.companyId}`, practice.token)).json();
    expect(filtered).toEqual({ data: [], total: 0 });
    const all = (await get(`/api/ticket?per_page=100&priority=high&status=new,open`, staffToken)).json();
    expect(all.data.map((t: TicketListItem) => t.id)).toContain(own.id);
    expect(all.data.every((t: TicketListItem) => t.priority === 'high')).toBe(true);
    const searched = (await get(`/api/ticket?search=${own.number}`, staffToken)).json();
    expect(searched.data.map((t: TicketListItem) => t.id)).toEqual([own.id]);
    await put(`/api/ticket/${own.id}`, { assignee_id: staffId }, staffToken);
    const assigned = (await get(`/api/ticket?assignee_id=${staffId}&per_page=100`, staffToken)).json();
    expect(assigned.data.map((t: TicketListItem) => t.id)).toContain(own.id);
    const unassigned = (await get('/api/ticket?assignee_id=none&per_page=100', staffToken)).json();
    expect(unassigned.data.map((t: TicketListItem) => t.id)).not.toContain(own.id);
  });
});

describe('POST /api/ticket', () => {
  it('answers 400 per field, 403 without the permission, 404 for a company out of reach', async () => {
    const bad = await upload(
      '/api/ticket',
      [
        { name: 'subject', value: ' ' },
        { name: 'priority', value: 'urgent' },
      ],
      practice.token,
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['description', 'priority', 'subject']);
    expect((await post('/api/ticket', { subject: 'x', description: 'y' }, noPermissionToken)).statusCode).toBe(403);
    const outOfReach = await post(
      '/api/ticket',
      { subject: 'x', description: 'y', company_id: stranger.companyId },
      practice.token,
    );
    expect(outOfReach.statusCode).toBe(404);
    // A case of another company cannot be named.
    const foreignCase = await post(
      '/api/ticket',
      { subject: 'x', description: 'y', case_id: randomUUID() },
      practice.token,
    );
    expect(foreignCase.statusCode).toBe(400);
    expect(foreignCase.json().code).toBe('TICKET_CASE_NOT_FOUND');
  });

  it('numbers tickets one after the other, keeps the files and mails the support team and the reporter', async () => {
    const first = await openTicket(practice.token, {}, [
      file('photo.txt', 'first file'),
      file('../../etc/x.stl', 'solid x'),
    ]);
    const second = await openTicket(practice.token, { priority: 'low' });
    expect(first.number).toMatch(/^T-\d{4}-\d{6}$/);
    const sequence = (n: string) => Number(n.split('-')[2]);
    expect(sequence(second.number)).toBe(sequence(first.number) + 1);
    expect(first).toMatchObject({
      status: 'new',
      priority: 'normal',
      reporter_id: practice.userId,
      company_id: practice.companyId,
    });
    expect(first.attachments.map((a) => a.file_name).sort()).toEqual(['photo.txt', 'x.stl']);
    expect(first.history.map((h) => h.kind)).toEqual(['created']);
    const mails = await mailsOf(first);
    expect(mails.map((m) => [m.event, m.to])).toEqual([
      ['ticket.created', SUPPORT],
      ['ticket.received', practice.mail],
    ]);
    // Staff open a ticket for a customer; a partner for a company below it.
    const forCustomer = await post(
      '/api/ticket',
      { subject: 'Called in', description: 'By phone', company_id: practice.companyId },
      staffToken,
    );
    expect(forCustomer.statusCode, forCustomer.body).toBe(201);
    const byPartner = await post(
      '/api/ticket',
      { subject: 'For my customer', description: 'x', company_id: reseller.childId },
      reseller.token,
    );
    expect(byPartner.statusCode, byPartner.body).toBe(201);
  });
});

describe('GET, PUT and DELETE /api/ticket/{id}', () => {
  it('answers 400 for a bad id or field, 403 without the permission, 404 for another company', async () => {
    const ticket = await openTicket(practice.token);
    for (const [method, body] of [['GET'], ['PUT', { priority: 'high' }], ['DELETE']] as const) {
      const url = `/api/ticket/${ticket.id}`;
      expect((await call(method, '/api/ticket/not-an-id', staffToken, body)).statusCode, method).toBe(400);
      expect((await call(method, url, noPermissionToken, body)).statusCode, method).toBe(403);
      expect((await call(method, url, stranger.token, body)).statusCode, method).toBe(404);
      expect((await call(method, `/api/ticket/${randomUUID()}`, staffToken, body)).statusCode, method).toBe(404);
    }
    expect((await put(`/api/ticket/${ticket.id}`, { status: 'closed' }, staffToken)).statusCode).toBe(400);
    expect((await put(`/api/ticket/${ticket.id}`, { assignee_id: 'x' }, staffToken)).statusCode).toBe(400);
    // A reseller reads its customer's tickets.
    const child = (
      await post('/api/ticket', { subject: 's', description: 'd', company_id: reseller.childId }, staffToken)
    ).json();
    expect((await get(`/api/ticket/${child.id}`, reseller.token)).statusCode).toBe(200);
    expect((await get(`/api/ticket/${ticket.id}`, reseller.token)).statusCode).toBe(404);
  });

  it('lets staff assign and move a ticket by the transition table, and mails the reporter the new status', async () => {
    const ticket = await openTicket(practice.token);
    const assigned = await put(
      `/api/ticket/${ticket.id}`,
      { assignee_id: staffId, status: 'waitingForResponse' },
      staffToken,
    );
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ assignee_id: staffId, status: 'waitingForResponse' });
    expect(assigned.json().history.map((h: { kind: string }) => h.kind)).toEqual(['created', 'assignee', 'status']);
    const mails = await mailsOf(ticket);
    expect(mails.at(-1)).toMatchObject({ event: 'ticket.status-changed', to: practice.mail });
    expect(mails.at(-1)!.variables.status).toBe('waiting for your response');
    // Nothing goes back to new; the same status is no move.
    const back = await put(`/api/ticket/${ticket.id}`, { status: 'new' }, staffToken);
    expect([back.statusCode, back.json().code]).toEqual([409, 'TICKET_TRANSITION_NOT_ALLOWED']);
    // Only staff are assignees.
    const notStaff = await put(`/api/ticket/${ticket.id}`, { assignee_id: practice.userId }, staffToken);
    expect([notStaff.statusCode, notStaff.json().code]).toEqual([400, 'TICKET_ASSIGNEE_NOT_STAFF']);
  });

  it('mails a colleague a ticket assigned to them, in their language, once, and nobody who assigns themself', async () => {
    const colleague = await createTestUser(ctx.deps, { roles: ['employee'], staff: true });
    await ctx.deps.db.update(users).set({ firstName: 'Jana', contactLanguage: 'de' }).where(eq(users.id, colleague.id));
    const ticket = await openTicket(practice.token, { priority: 'high' });
    const assignedMails = async () => (await mailsOf(ticket)).filter((m) => m.event === 'ticket.assigned');

    expect((await put(`/api/ticket/${ticket.id}`, { assignee_id: staffId }, staffToken)).statusCode).toBe(200);
    expect(await assignedMails()).toEqual([]);
    expect((await put(`/api/ticket/${ticket.id}`, { assignee_id: colleague.id }, staffToken)).statusCode).toBe(200);
    // The same assignee again is no change.
    await put(`/api/ticket/${ticket.id}`, { assignee_id: colleague.id, priority: 'high' }, staffToken);
    const [mail, ...more] = await assignedMails();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ to: colleague.mail, language: 'de', companyId: null });
    const [practiceRow] = await ctx.deps.db.select().from(companies).where(eq(companies.id, practice.companyId));
    expect(mail!.variables).toMatchObject({
      first_name: 'Jana',
      ticket_number: ticket.number,
      company_name: practiceRow!.companyName,
      priority: 'hoch',
    });
    expect(String(mail!.variables.assigned_by)).not.toBe('');

    // A bulk assignment: one mail per ticket.
    const others = [await openTicket(practice.token), await openTicket(practice.token)];
    await post('/api/ticket/bulk-edit', { ids: others.map((t) => t.id), assignee_id: colleague.id }, staffToken);
    for (const other of others) {
      expect((await mailsOf(other)).filter((m) => m.event === 'ticket.assigned').map((m) => m.to)).toEqual([
        colleague.mail,
      ]);
    }
  });

  it('lets a customer resolve and reopen its ticket and change its text, but not assign it or set other statuses', async () => {
    const ticket = await openTicket(practice.token);
    const assign = await put(`/api/ticket/${ticket.id}`, { assignee_id: staffId }, practice.token);
    expect([assign.statusCode, assign.json().code]).toEqual([403, 'TICKET_ASSIGN_STAFF_ONLY']);
    const pending = await put(`/api/ticket/${ticket.id}`, { status: 'pending' }, practice.token);
    expect([pending.statusCode, pending.json().code]).toEqual([403, 'TICKET_STATUS_STAFF_ONLY']);
    const resolved = await put(
      `/api/ticket/${ticket.id}`,
      { status: 'resolved', subject: 'Solved myself' },
      practice.token,
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: 'resolved', subject: 'Solved myself' });
    expect(resolved.json().resolved_at).not.toBeNull();
    // The reporter changed it: no mail to itself.
    expect((await mailsOf(ticket)).map((m) => m.event)).not.toContain('ticket.status-changed');
    const reopened = await put(`/api/ticket/${ticket.id}`, { status: 'open' }, practice.token);
    expect(reopened.json()).toMatchObject({ status: 'open', resolved_at: null });
  });

  it('lets only staff delete a ticket, with its files', async () => {
    const ticket = await openTicket(practice.token, {}, [file('a.txt', 'to be deleted')]);
    const refused = await call('DELETE', `/api/ticket/${ticket.id}`, practice.token);
    expect(refused.statusCode).toBe(403);
    const deleted = await call('DELETE', `/api/ticket/${ticket.id}`, staffToken);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('The ticket was deleted');
    expect((await get(`/api/ticket/${ticket.id}`, staffToken)).statusCode).toBe(404);
    expect(
      (await get(`/api/ticket/comments/download-attachment/${ticket.attachments[0]!.id}`, staffToken)).statusCode,
    ).toBe(404);
  });
});

describe('GET and POST /api/ticket/comments', () => {
  it('answers 400, 403 and 404 for another company', async () => {
    const ticket = await openTicket(practice.token);
    expect((await get('/api/ticket/comments', staffToken)).statusCode).toBe(400);
    const empty = await comment(staffToken, ticket.id, '   ');
    expect([empty.statusCode, Object.keys(empty.json().errors)]).toEqual([400, ['body']]);
    expect((await get(`/api/ticket/comments?ticket_id=${ticket.id}`, noPermissionToken)).statusCode).toBe(403);
    expect((await comment(noPermissionToken, ticket.id, 'hi')).statusCode).toBe(403);
    expect((await get(`/api/ticket/comments?ticket_id=${ticket.id}`, stranger.token)).statusCode).toBe(404);
    expect((await comment(stranger.token, ticket.id, 'hi')).statusCode).toBe(404);
    const note = await comment(practice.token, ticket.id, 'secret', { internal: true });
    expect([note.statusCode, note.json().code]).toEqual([403, 'TICKET_INTERNAL_STAFF_ONLY']);
  });

  it('opens a new ticket with the first answer, mails it, and reopens a ticket waiting for the customer', async () => {
    const ticket = await openTicket(practice.token);
    const answer = await comment(staffToken, ticket.id, 'Please upload the lower jaw again.', {
      files: [file('howto.txt', 'steps')],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({
      is_internal: false,
      by_staff: true,
      body: 'Please upload the lower jaw again.',
    });
    expect(answer.json().attachments.map((a: { file_name: string }) => a.file_name)).toEqual(['howto.txt']);
    expect((await get(`/api/ticket/${ticket.id}`, staffToken)).json().status).toBe('open');
    const mail = (await mailsOf(ticket)).at(-1)!;
    expect(mail).toMatchObject({ event: 'ticket.answered', to: practice.mail });
    expect(mail.variables.answer).toBe('Please upload the lower jaw again.');
    await put(`/api/ticket/${ticket.id}`, { status: 'waitingForResponse' }, staffToken);
    const reply = await comment(practice.token, ticket.id, 'Uploaded it.');
    expect(reply.statusCode).toBe(201);
    const after = (await get(`/api/ticket/${ticket.id}`, practice.token)).json() as Ticket;
    expect(after.status).toBe('open');
    expect(after.history.at(-1)).toMatchObject({ kind: 'status', from: 'waitingForResponse', to: 'open' });
    // The customer's reply goes to the support address while nobody is assigned.
    expect((await mailsOf(ticket)).at(-1)).toMatchObject({ event: 'ticket.answered', to: SUPPORT });
    const list = (await get(`/api/ticket/comments?ticket_id=${ticket.id}`, practice.token)).json();
    expect(list.data.map((c: TicketComment) => c.body)).toEqual(['Please upload the lower jaw again.', 'Uploaded it.']);
  });
});

describe('GET, PUT and DELETE /api/ticket/comments/{id}', () => {
  it('answers 400 for a bad id or body, 403 without the permission, 404 for another company or an unknown id', async () => {
    const ticket = await openTicket(practice.token);
    const own = (await comment(practice.token, ticket.id, 'My question.')).json() as TicketComment;
    const url = `/api/ticket/comments/${own.id}`;
    for (const [method, body] of [['GET'], ['PUT', { body: 'Changed' }], ['DELETE']] as const) {
      expect((await call(method, '/api/ticket/comments/not-an-id', practice.token, body)).statusCode, method).toBe(400);
      expect((await call(method, url, noPermissionToken, body)).statusCode, method).toBe(403);
      expect((await call(method, url, stranger.token, body)).statusCode, method).toBe(404);
      expect((await call(method, url, reseller.token, body)).statusCode, method).toBe(404);
      expect((await call(method, `/api/ticket/comments/${randomUUID()}`, staffToken, body)).statusCode, method).toBe(
        404,
      );
    }
    for (const body of [{}, { body: '   ' }, { body: 42 }]) {
      const bad = await put(url, body, practice.token);
      expect([bad.statusCode, Object.keys(bad.json().errors ?? {})], JSON.stringify(body)).toEqual([400, ['body']]);
    }
    // Nothing of the refused calls changed the comment.
    expect((await get(url, practice.token)).json()).toMatchObject({ body: 'My question.', edited_at: null });
  });

  it("refuses a customer another's comment (403) and an internal note (404); staff edit only their own", async () => {
    const ticket = await openTicket(practice.token);
    const colleague = await member(practice.companyId, ['end-user']);
    const mine = (await comment(practice.token, ticket.id, 'Mine.')).json() as TicketComment;
    const answer = (await comment(staffToken, ticket.id, 'The answer.')).json() as TicketComment;
    const note = (await comment(staffToken, ticket.id, 'A note.', { internal: true })).json() as TicketComment;
    const editStaff = await put(`/api/ticket/comments/${answer.id}`, { body: 'Rewritten' }, practice.token);
    expect([editStaff.statusCode, editStaff.json().code]).toEqual([403, 'TICKET_COMMENT_NOT_AUTHOR']);
    const deleteStaff = await del(`/api/ticket/comments/${answer.id}`, practice.token);
    expect([deleteStaff.statusCode, deleteStaff.json()]).toMatchObject([
      403,
      { code: 'TICKET_COMMENT_NOT_YOURS', message: 'Only the support team or its author can delete a comment' },
    ]);
    // A colleague of the same company reads the comment but changes nothing of it.
    expect((await get(`/api/ticket/comments/${mine.id}`, colleague.token)).statusCode).toBe(200);
    expect((await put(`/api/ticket/comments/${mine.id}`, { body: 'x' }, colleague.token)).statusCode).toBe(403);
    expect((await del(`/api/ticket/comments/${mine.id}`, colleague.token)).statusCode).toBe(403);
    // Staff do not put words in a customer's mouth.
    const staffEdit = await put(`/api/ticket/comments/${mine.id}`, { body: 'Rewritten' }, staffToken);
    expect([staffEdit.statusCode, staffEdit.json().code]).toEqual([403, 'TICKET_COMMENT_NOT_AUTHOR']);
    for (const [method, body] of [['GET'], ['PUT', { body: 'x' }], ['DELETE']] as const) {
      const answered = await call(method, `/api/ticket/comments/${note.id}`, practice.token, body);
      expect([answered.statusCode, answered.json().code], method).toEqual([404, 'NOT_FOUND']);
      expect(answered.body).not.toContain('A note.');
    }
    expect((await get(`/api/ticket/comments/${note.id}`, staffToken)).json()).toMatchObject({
      is_internal: true,
      body: 'A note.',
    });
  });

  it('lets the author read, edit and delete a comment with its files, with history and no mail', async () => {
    const ticket = await openTicket(practice.token);
    const created = await comment(practice.token, ticket.id, 'First version.', {
      files: [file('scan.txt', 'scan notes')],
    });
    const own = created.json() as TicketComment;
    const url = `/api/ticket/comments/${own.id}`;
    const read = await get(url, practice.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ ...own, edited_at: null });
    expect(own.attachments.map((a) => a.file_name)).toEqual(['scan.txt']);
    const mailsBefore = (await mailsOf(ticket)).length;

    const edited = await put(url, { body: 'Second version.' }, practice.token);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: own.id, body: 'Second version.', attachments: own.attachments });
    expect(edited.json().edited_at).not.toBeNull();
    // The same text again is no change.
    const again = await put(url, { body: 'Second version.' }, practice.token);
    expect(again.json().edited_at).toBe(edited.json().edited_at);
    const list = (await get(`/api/ticket/comments?ticket_id=${ticket.id}`, practice.token)).json();
    expect(list.data[0]).toMatchObject({ body: 'Second version.', edited_at: edited.json().edited_at });

    const [stored] = await ctx.deps.db
      .select({ key: ticketAttachments.storageKey })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.id, own.attachments[0]!.id));
    expect(await ctx.deps.storage.head(stored!.key)).not.toBeNull();
    const deleted = await del(url, practice.token);
    expect([deleted.statusCode, deleted.json().message]).toEqual([200, 'The comment was deleted']);
    expect((await get(url, practice.token)).statusCode).toBe(404);
    expect((await del(url, practice.token)).statusCode).toBe(404);
    expect(
      (await get(`/api/ticket/comments/download-attachment/${own.attachments[0]!.id}`, staffToken)).statusCode,
    ).toBe(404);
    expect(await ctx.deps.storage.head(stored!.key)).toBeNull();
    const after = (await get(`/api/ticket/${ticket.id}`, practice.token)).json() as Ticket;
    expect(after.history.map((h) => h.kind)).toEqual(['created', 'answer', 'comment-edited', 'comment-deleted']);
    expect((await mailsOf(ticket)).length).toBe(mailsBefore);

    // Staff delete any comment (a customer's too).
    const reply = (await comment(practice.token, ticket.id, 'Another.')).json() as TicketComment;
    expect((await del(`/api/ticket/comments/${reply.id}`, staffToken)).statusCode).toBe(200);
  });

  it('keeps the conversation of a resolved ticket for customers (409) while staff may still change it', async () => {
    const ticket = await openTicket(practice.token);
    const own = (await comment(practice.token, ticket.id, 'Mine.')).json() as TicketComment;
    const answer = (await comment(staffToken, ticket.id, 'Answer.')).json() as TicketComment;
    await put(`/api/ticket/${ticket.id}`, { status: 'resolved' }, staffToken);
    const edit = await put(`/api/ticket/comments/${own.id}`, { body: 'Changed' }, practice.token);
    expect([edit.statusCode, edit.json()]).toMatchObject([
      409,
      { code: 'TICKET_COMMENT_RESOLVED', message: 'The ticket is resolved: reopen it to change its conversation' },
    ]);
    const remove = await del(`/api/ticket/comments/${own.id}`, practice.token);
    expect([remove.statusCode, remove.json().code]).toEqual([409, 'TICKET_COMMENT_RESOLVED']);
    // Someone else's comment stays a 403, resolved or not.
    expect((await del(`/api/ticket/comments/${answer.id}`, practice.token)).json().code).toBe(
      'TICKET_COMMENT_NOT_YOURS',
    );
    const staffEdit = await put(`/api/ticket/comments/${answer.id}`, { body: 'Answer, corrected.' }, staffToken);
    expect(staffEdit.statusCode, staffEdit.body).toBe(200);
    expect((await del(`/api/ticket/comments/${own.id}`, staffToken)).statusCode).toBe(200);
    // Neither moved the ticket; reopened, the customer may change its comments again.
    expect((await get(`/api/ticket/${ticket.id}`, staffToken)).json().status).toBe('resolved');
    await put(`/api/ticket/${ticket.id}`, { status: 'open' }, practice.token);
    const later = (await comment(practice.token, ticket.id, 'Later.')).json() as TicketComment;
    expect((await put(`/api/ticket/comments/${later.id}`, { body: 'Later, edited.' }, practice.token)).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/ticket/bulk-edit', () => {
  it('answers 400, 403, and 404 when no ticket is in reach', async () => {
    const ticket = await openTicket(stranger.token);
    const nothing = await post('/api/ticket/bulk-edit', { ids: [ticket.id] }, staffToken);
    expect([nothing.statusCode, nothing.json().errors.status]).toEqual([
      400,
      ['Choose a status, a priority or an assignee'],
    ]);
    expect((await post('/api/ticket/bulk-edit', { ids: [], status: 'open' }, staffToken)).statusCode).toBe(400);
    expect(
      (await post('/api/ticket/bulk-edit', { ids: [ticket.id], status: 'open' }, noPermissionToken)).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/ticket/bulk-edit', { ids: [ticket.id], status: 'resolved' }, practice.token)).statusCode,
    ).toBe(404);
  });

  it('changes many tickets in one call and answers per ticket', async () => {
    const tickets = [
      await openTicket(practice.token),
      await openTicket(practice.token),
      await openTicket(stranger.token),
    ];
    const ids = tickets.map((t) => t.id);
    const result = await post(
      '/api/ticket/bulk-edit',
      { ids, status: 'resolved', priority: 'high', assignee_id: staffId },
      staffToken,
    );
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().results).toEqual(ids.map((id) => ({ id, ok: true })));
    for (const id of ids) {
      expect((await get(`/api/ticket/${id}`, staffToken)).json()).toMatchObject({
        status: 'resolved',
        priority: 'high',
        assignee_id: staffId,
      });
    }
    // A move the table refuses: the refusal a single change would answer, and nothing of that ticket changes.
    const fresh = await openTicket(practice.token);
    const pending = await post(
      '/api/ticket/bulk-edit',
      { ids: [ids[0], fresh.id], status: 'pending', priority: 'low' },
      staffToken,
    );
    expect(pending.json().results).toEqual([
      {
        id: ids[0],
        ok: false,
        code: 'TICKET_TRANSITION_NOT_ALLOWED',
        message: 'A ticket that is resolved cannot become pending',
      },
      { id: fresh.id, ok: true },
    ]);
    expect((await get(`/api/ticket/${ids[0]}`, staffToken)).json()).toMatchObject({
      status: 'resolved',
      priority: 'high',
    });
    expect((await get(`/api/ticket/${fresh.id}`, staffToken)).json()).toMatchObject({
      status: 'pending',
      priority: 'low',
    });
    // A customer's call: its own ticket goes through, another company's is not found.
    const mixed = await post('/api/ticket/bulk-edit', { ids: [ids[0], ids[2]], status: 'open' }, practice.token);
    expect(mixed.json().results).toEqual([
      { id: ids[0], ok: true },
      { id: ids[2], ok: false, code: 'NOT_FOUND', message: 'The record was not found' },
    ]);
  });
});

describe('GET /api/ticket/comments/download-attachment/{id} and remove-attachment/{id}', () => {
  it('answers 400, 403 and 404 for another company', async () => {
    const ticket = await openTicket(practice.token, {}, [file('a.txt', 'hello')]);
    const id = ticket.attachments[0]!.id;
    for (const url of [
      `/api/ticket/comments/download-attachment/${id}`,
      `/api/ticket/comments/remove-attachment/${id}`,
    ]) {
      expect((await get(url.replace(id, 'nope'), staffToken)).statusCode, url).toBe(400);
      expect((await get(url, noPermissionToken)).statusCode, url).toBe(403);
      expect((await get(url, stranger.token)).statusCode, url).toBe(404);
    }
  });

  it('downloads a file as an attachment and lets the uploader or staff remove it (GET, POST or DELETE)', async () => {
    const ticket = await openTicket(practice.token, {}, [
      file('a.txt', 'hello'),
      file('b.txt', 'bye'),
      file('c.txt', 'c'),
    ]);
    const [a, b, c] = [...ticket.attachments].sort((x, y) => x.file_name.localeCompare(y.file_name));
    const download = await get(`/api/ticket/comments/download-attachment/${a!.id}`, practice.token);
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('hello');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    // Staff's file cannot be removed by the customer.
    const staffFile = (await comment(staffToken, ticket.id, 'see file', { files: [file('s.txt', 'staff')] })).json();
    const notYours = await get(`/api/ticket/comments/remove-attachment/${staffFile.attachments[0].id}`, practice.token);
    expect([notYours.statusCode, notYours.json().code]).toEqual([403, 'TICKET_ATTACHMENT_NOT_YOURS']);
    expect((await get(`/api/ticket/comments/remove-attachment/${a!.id}`, practice.token)).json().message).toBe(
      'The attachment was removed',
    );
    expect((await call('POST', `/api/ticket/comments/remove-attachment/${b!.id}`, staffToken)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/ticket/comments/remove-attachment/${c!.id}`, practice.token)).statusCode).toBe(
      200,
    );
    const after = (await get(`/api/ticket/${ticket.id}`, practice.token)).json() as Ticket;
    expect(after.attachments).toEqual([]);
    expect(
      after.history
        .filter((h) => h.kind === 'attachment-removed')
        .map((h) => h.from)
        .sort(),
    ).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect((await get(`/api/ticket/comments/download-attachment/${a!.id}`, practice.token)).statusCode).toBe(404);
  });
});

describe('GET /api/ticket/assignees', () => {
  it('answers 403 to customers and the support team to staff', async () => {
    expect((await get('/api/ticket/assignees', practice.token)).statusCode).toBe(403);
    expect((await get('/api/ticket/assignees', noPermissionToken)).statusCode).toBe(403);
    const list = (await get('/api/ticket/assignees', staffToken)).json();
    expect(list.data.map((u: { id: string }) => u.id)).toContain(staffId);
    expect(list.data.map((u: { id: string }) => u.id)).not.toContain(practice.userId);
  });
});

describe('tickets in the global search', () => {
  it('carry their status as a code beside the English subtitle, for the web to name in the reader’s language', async () => {
    const tag = randomUUID().slice(0, 8);
    const ticket = await openTicket(practice.token, { subject: `Search ${tag}` });
    const answer = (await get(`/api/search?q=${tag}`, practice.token)).json() as SearchResponse;
    const found = answer.groups.find((g) => g.area === 'tickets')?.items ?? [];
    expect(found).toEqual([
      expect.objectContaining({ id: ticket.id, title: `${ticket.number} · Search ${tag}`, status: 'new' }),
    ]);
    expect(found[0]!.details).toHaveLength(1);
    expect(found[0]!.subtitle).toBe(`${found[0]!.details![0]} · new`);
  });
});

describe('internal notes', () => {
  it('never reach a customer: not in any answer, search result, history, file download or mail', async () => {
    const marker = `INTERNAL-${randomUUID()}`;
    // A practice below the reseller: both the practice and its reseller are customers of the support team.
    const child = await member(reseller.childId, ['end-user']);
    const ticket = await openTicket(child.token, { subject: `Leak check ${marker.slice(9, 17)}` });
    await comment(staffToken, ticket.id, 'A public answer.');
    const note = await comment(staffToken, ticket.id, `Customer is difficult ${marker}`, {
      internal: true,
      files: [file(`${marker}.txt`, marker)],
    });
    expect(note.statusCode, note.body).toBe(201);
    const noteFileId = note.json().attachments[0].id as string;
    await put(`/api/ticket/${ticket.id}`, { status: 'waitingForResponse', assignee_id: staffId }, staffToken);
    expect((await comment(child.token, ticket.id, 'My reply.')).statusCode).toBe(201);
    const noteId = note.json().id as string;
    // Staff edit the note (the marker stays in it) and delete a second one: history entries of internal notes.
    const edited = await put(`/api/ticket/comments/${noteId}`, { body: `Edited: ${marker}` }, staffToken);
    expect(edited.statusCode, edited.body).toBe(200);
    const second = (await comment(staffToken, ticket.id, `Second ${marker}`, { internal: true })).json();
    expect((await del(`/api/ticket/comments/${second.id}`, staffToken)).statusCode).toBe(200);
    // Staff see the note and its file.
    const staffView = (await get(`/api/ticket/comments?ticket_id=${ticket.id}`, staffToken)).body;
    expect(staffView).toContain(marker);
    expect((await get(`/api/ticket/comments/${noteId}`, staffToken)).body).toContain(marker);
    const staffHistory = ((await get(`/api/ticket/${ticket.id}`, staffToken)).json() as Ticket).history;
    expect(staffHistory.map((h) => h.kind)).toEqual(expect.arrayContaining(['comment-edited', 'comment-deleted']));
    expect((await get(`/api/ticket/comments/download-attachment/${noteFileId}`, staffToken)).body).toBe(marker);

    for (const token of [child.token, reseller.token]) {
      const answers = [
        await get(`/api/ticket?per_page=100&search=${encodeURIComponent(marker.slice(9, 17))}`, token),
        await get('/api/ticket?per_page=100', token),
        await get(`/api/ticket/${ticket.id}`, token),
        await get(`/api/ticket/comments?ticket_id=${ticket.id}`, token),
        await get(`/api/search?q=${encodeURIComponent(marker)}`, token),
        await get(`/api/search?q=${encodeURIComponent(ticket.number)}`, token),
        await put(`/api/ticket/${ticket.id}`, { priority: 'high' }, token),
        await comment(token, ticket.id, 'Another reply.'),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBeLessThan(300);
        expect(answer.body).not.toContain(marker);
      }
      const download = await get(`/api/ticket/comments/download-attachment/${noteFileId}`, token);
      expect(download.statusCode).toBe(404);
      expect((await get(`/api/ticket/comments/remove-attachment/${noteFileId}`, token)).statusCode).toBe(404);
      // One comment's calls: an internal note does not exist for a customer, whatever it asks.
      for (const [method, body] of [['GET'], ['PUT', { body: 'Overwritten' }], ['DELETE']] as const) {
        const answer = await call(method, `/api/ticket/comments/${noteId}`, token, body);
        expect([answer.statusCode, answer.json().code], method).toEqual([404, 'NOT_FOUND']);
        expect(answer.body).not.toContain(marker);
      }
    }
    expect((await get(`/api/ticket/comments/${noteId}`, staffToken)).json().body).toBe(`Edited: ${marker}`);
    const customerView = (await get(`/api/ticket/${ticket.id}`, child.token)).json() as Ticket;
    expect(customerView.history.map((h) => h.kind)).not.toContain('note');
    expect(customerView.history.map((h) => h.kind)).not.toContain('comment-edited');
    expect(customerView.history.map((h) => h.kind)).not.toContain('comment-deleted');
    const comments = (await get(`/api/ticket/comments?ticket_id=${ticket.id}`, child.token)).json().data;
    expect(comments.every((c: TicketComment) => !c.is_internal)).toBe(true);
    // No mail of any kind, to anyone, carries it (variables, or subject and body once rendered and delivered);
    // and the note itself sent none.
    for (const mail of await mailsOf(ticket)) await deliverMail(ctx.deps, mail.id);
    const leaked = await ctx.deps.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        sql`concat_ws(' ', ${mailOutbox.subject}, ${mailOutbox.html}, ${mailOutbox.text}, ${mailOutbox.variables}::text, ${mailOutbox.attachments}::text) like ${`%${marker}%`}`,
      );
    expect(leaked).toEqual([]);
    const ticketMails = await mailsOf(ticket);
    expect(ticketMails.some((m) => m.html?.includes('A public answer.'))).toBe(true);
    expect(ticketMails.length).toBeGreaterThan(0);
    expect(
      await ctx.deps.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            inArray(
              mailOutbox.id,
              ticketMails.map((m) => m.id),
            ),
            eq(mailOutbox.event, 'ticket.answered'),
          ),
        ),
    ).toHaveLength(4);
  });
});
