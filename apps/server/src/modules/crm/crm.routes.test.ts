import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestMethod as Method,
  requestsTo,
  type TestContext,
  type TestUser,
} from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { customerActivities, customerNotes } from './crm.schema';

let ctx: TestContext;
let adminToken: string;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestAdmin(ctx.deps);
  adminToken = (await loginAs(ctx.app, admin.mail)).token;
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);

async function company(fields: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/companies', adminToken, {
    company_name: 'CRM Co',
    country: 'DE',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

async function userIn(companyId: string, roles = ['reseller']) {
  const user = await createTestUser(ctx.deps, { roles, companyId });
  return { ...user, token: (await loginAs(ctx.app, user.mail)).token };
}

/** A reseller with a customer below it, and a sibling reseller with a customer of its own. */
async function partnerTree() {
  const reseller = await company({ company_name: 'Reseller' });
  const customer = await company({ company_name: 'Customer', reseller_id: reseller.id });
  const sibling = await company({ company_name: 'Sibling reseller' });
  const siblingCustomer = await company({ company_name: 'Sibling customer', reseller_id: sibling.id });
  return {
    reseller,
    customer,
    sibling,
    siblingCustomer,
    partner: await userIn(reseller.id),
    siblingPartner: await userIn(sibling.id),
  };
}

const note = (token: string, companyId: string, body = 'Called about the scanner', extra: object = {}) =>
  call('POST', '/api/customer-notes', token, { company_id: companyId, body, ...extra });
const activity = (token: string, companyId: string, extra: object = {}) =>
  call('POST', '/api/customer-activities', token, {
    company_id: companyId,
    type: 'call',
    subject: 'Follow-up',
    ...extra,
  });

const auditRows = (entity: string, entityId: string) =>
  ctx.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.at));

const someId = '00000000-0000-4000-8000-000000000000';

describe('customer notes, activities and timeline: access', () => {
  const requests: [Method, string, unknown?][] = [
    ['GET', '/api/customer-notes'],
    ['POST', '/api/customer-notes', {}],
    ['GET', `/api/customer-notes/${someId}`],
    ['PUT', `/api/customer-notes/${someId}`, {}],
    ['DELETE', `/api/customer-notes/${someId}`],
    ['GET', '/api/customer-activities'],
    ['POST', '/api/customer-activities', {}],
    ['GET', `/api/customer-activities/${someId}`],
    ['PUT', `/api/customer-activities/${someId}`, {}],
    ['DELETE', `/api/customer-activities/${someId}`],
    ['GET', `/api/customer-timeline?company_id=${someId}`],
  ];

  it.each(requests)('%s %s answers 403 without backoffice-company', async (method, url, body) => {
    const practice = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const token = (await loginAs(ctx.app, practice.mail)).token;
    const response = await call(method, url, token, body);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
  });
});

describe('customer notes', () => {
  it('answers 400 for bad input', async () => {
    const { customer, partner } = await partnerTree();
    const empty = await note(partner.token, customer.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.body).toEqual(['This field is required']);
    expect((await note(partner.token, customer.id, 'x'.repeat(5001))).statusCode).toBe(400);
    const noCompany = await call('POST', '/api/customer-notes', partner.token, { body: 'Hello' });
    expect(noCompany.json().errors.company_id).toEqual(['This field is required']);
    expect((await call('GET', '/api/customer-notes?company_id=nope', partner.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/customer-notes?sort_by=body', partner.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/customer-notes/nope', partner.token)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/customer-notes/nope', partner.token)).statusCode).toBe(400);
    const created = (await note(partner.token, customer.id)).json();
    expect((await call('PUT', `/api/customer-notes/${created.id}`, partner.token, {})).statusCode).toBe(400);
    const blank = await call('PUT', `/api/customer-notes/${created.id}`, partner.token, { body: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.body).toEqual(['This field is required']);
    expect(
      (await call('PUT', `/api/customer-notes/${created.id}`, partner.token, { is_pinned: 'yes' })).statusCode,
    ).toBe(400);
  });

  it('writes, lists, reads, pins, edits and deletes a note, each write in the audit trail', async () => {
    const { reseller, customer, partner } = await partnerTree();
    const created = await note(partner.token, customer.id, '  Wants a second scanner in spring  ');
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      company_id: customer.id,
      body: 'Wants a second scanner in spring',
      is_pinned: false,
      author: { id: partner.id, mail: partner.mail },
      can_edit: true,
    });

    const other = (await note(partner.token, customer.id, 'Prefers mail', { is_pinned: true })).json();
    const list = await call('GET', `/api/customer-notes?company_id=${customer.id}`, partner.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(2);
    expect(list.json().data.map((n: { id: string }) => n.id)).toEqual([other.id, body.id]);
    const pinned = await call('GET', `/api/customer-notes?company_id=${customer.id}&is_pinned=true`, partner.token);
    expect(pinned.json()).toMatchObject({ total: 1, data: [{ id: other.id }] });
    const found = await call('GET', `/api/customer-notes?search=SCANNER&company_id=${customer.id}`, partner.token);
    expect(found.json()).toMatchObject({ total: 1, data: [{ id: body.id }] });
    const paged = await call(
      'GET',
      `/api/customer-notes?company_id=${customer.id}&sort_dir=asc&page=2&per_page=1`,
      partner.token,
    );
    expect(paged.json()).toMatchObject({ total: 2, data: [{ id: other.id }] });
    const onReseller = await call('GET', `/api/customer-notes?company_id=${reseller.id}`, partner.token);
    expect(onReseller.json()).toEqual({ data: [], total: 0 });

    expect((await call('GET', `/api/customer-notes/${body.id}`, partner.token)).json()).toMatchObject({ id: body.id });
    const edited = await call('PUT', `/api/customer-notes/${body.id}`, partner.token, {
      body: 'Wants a second scanner in May',
      is_pinned: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ body: 'Wants a second scanner in May', is_pinned: true });
    expect(Date.parse(edited.json().updated_at)).toBeGreaterThanOrEqual(Date.parse(body.updated_at));

    const deleted = await call('DELETE', `/api/customer-notes/${body.id}`, partner.token);
    expect(deleted.json()).toEqual({ message: 'The note was deleted' });
    expect((await call('GET', `/api/customer-notes/${body.id}`, partner.token)).statusCode).toBe(404);

    const audit = await auditRows('customer-note', body.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit.every((a) => a.companyId === reseller.id && a.actorUserId === partner.id)).toBe(true);
    expect(audit[1]!.changes).toEqual({
      body: { old: 'Wants a second scanner in spring', new: 'Wants a second scanner in May' },
      is_pinned: { old: false, new: true },
    });
    expect(audit[2]!.changes.body).toEqual({ old: 'Wants a second scanner in May', new: null });
  });

  it("answers 404 for a note of another company's customer, and for writing about a company out of reach", async () => {
    const { customer, siblingCustomer, sibling, partner, siblingPartner } = await partnerTree();
    const theirs = (await note(siblingPartner.token, siblingCustomer.id)).json();
    const mine = (await note(partner.token, customer.id)).json();

    expect((await call('GET', `/api/customer-notes/${theirs.id}`, partner.token)).statusCode).toBe(404);
    expect((await call('PUT', `/api/customer-notes/${theirs.id}`, partner.token, { body: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/customer-notes/${theirs.id}`, partner.token)).statusCode).toBe(404);
    expect((await note(partner.token, siblingCustomer.id)).statusCode).toBe(404);
    expect((await note(partner.token, sibling.id)).statusCode).toBe(404);
    expect((await note(partner.token, someId)).statusCode).toBe(404);
    expect((await call('GET', `/api/customer-notes?company_id=${siblingCustomer.id}`, partner.token)).statusCode).toBe(
      404,
    );
    const all = await call('GET', '/api/customer-notes?per_page=100', partner.token);
    expect(all.json().data.map((n: { id: string }) => n.id)).toEqual([mine.id]);
    expect((await call('GET', `/api/customer-notes/${theirs.id}`, siblingPartner.token)).statusCode).toBe(200);
  });

  it("hides what a partner above (or the back office) wrote from the company it is about; staff manage everyone's", async () => {
    const { reseller, customer, partner } = await partnerTree();
    const fromPartner = (await note(partner.token, customer.id, 'Pays late')).json();
    const fromStaff = (await note(adminToken, reseller.id, 'Reseller contract renewal due')).json();
    // A user of the customer itself, with the companies permission, sees its own company but not these notes.
    const customerUser = await userIn(customer.id);
    expect((await call('GET', `/api/customer-notes/${fromPartner.id}`, customerUser.token)).statusCode).toBe(404);
    expect((await call('GET', `/api/customer-notes?company_id=${customer.id}`, customerUser.token)).json().total).toBe(
      0,
    );
    expect((await call('GET', `/api/customer-notes/${fromStaff.id}`, partner.token)).statusCode).toBe(404);
    const ownNote = (await note(customerUser.token, customer.id, 'Our own remark')).json();
    expect((await call('GET', `/api/customer-notes/${ownNote.id}`, partner.token)).statusCode).toBe(200);

    const asAdmin = await call('GET', `/api/customer-notes/${fromPartner.id}`, adminToken);
    expect(asAdmin.json()).toMatchObject({ can_edit: true, author: { id: partner.id } });
    const moderated = await call('PUT', `/api/customer-notes/${fromPartner.id}`, adminToken, { body: 'Paid now' });
    expect(moderated.json().body).toBe('Paid now');
  });

  it('lets a colleague read a note but only its author change or delete it (403)', async () => {
    const { reseller, customer, partner } = await partnerTree();
    const colleague = await userIn(reseller.id);
    const written = (await note(partner.token, customer.id)).json();
    const read = await call('GET', `/api/customer-notes/${written.id}`, colleague.token);
    expect(read.json()).toMatchObject({ id: written.id, can_edit: false });
    const update = await call('PUT', `/api/customer-notes/${written.id}`, colleague.token, { is_pinned: true });
    expect(update.statusCode).toBe(403);
    expect(update.json().message).toBe('Only the author can change this note');
    expect((await call('DELETE', `/api/customer-notes/${written.id}`, colleague.token)).statusCode).toBe(403);
    expect((await call('GET', `/api/customer-notes/${written.id}`, partner.token)).json().is_pinned).toBe(false);
  });

  it('hides the notes of a deleted company', async () => {
    const { customer, partner } = await partnerTree();
    const written = (await note(partner.token, customer.id)).json();
    expect((await call('DELETE', `/api/companies/${customer.id}`, adminToken)).statusCode).toBe(200);
    expect((await call('GET', `/api/customer-notes/${written.id}`, adminToken)).statusCode).toBe(404);
    expect((await call('GET', `/api/customer-notes/${written.id}`, partner.token)).statusCode).toBe(404);
  });
});

describe('customer activities', () => {
  it('answers 400 for bad input', async () => {
    const { customer, partner } = await partnerTree();
    const bad = await activity(partner.token, customer.id, { type: 'lunch', subject: '', due_at: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['due_at', 'subject', 'type']);
    expect(bad.json().errors.subject).toEqual(['This field is required']);
    expect((await activity(partner.token, customer.id, { assignee_id: 'me' })).statusCode).toBe(400);
    expect((await activity(partner.token, customer.id, { details: 'x'.repeat(5001) })).statusCode).toBe(400);
    const stranger = await createTestUser(ctx.deps);
    const foreign = await activity(partner.token, customer.id, { assignee_id: stranger.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors.assignee_id).toEqual(['The user was not found']);
    expect((await call('GET', '/api/customer-activities?status=late', partner.token)).statusCode).toBe(400);
    expect((await call('GET', '/api/customer-activities/nope', partner.token)).statusCode).toBe(400);
    const created = (await activity(partner.token, customer.id)).json();
    const url = `/api/customer-activities/${created.id}`;
    expect((await call('PUT', url, partner.token, {})).statusCode).toBe(400);
    expect((await call('PUT', url, partner.token, { type: 'lunch' })).statusCode).toBe(400);
    expect((await call('PUT', url, partner.token, { assignee_id: stranger.id })).statusCode).toBe(400);
    expect((await call('DELETE', '/api/customer-activities/nope', partner.token)).statusCode).toBe(400);
  });

  it('schedules, reschedules, completes, reopens, filters and deletes an activity, each write audited', async () => {
    const { reseller, customer, partner } = await partnerTree();
    const colleague = await userIn(reseller.id);
    const due = '2030-03-04T09:30:00.000Z';
    const created = await activity(partner.token, customer.id, {
      type: 'visit',
      subject: 'Demo of the new scanner',
      details: 'Bring the intraoral kit',
      due_at: '2030-03-04T10:30:00+01:00',
      assignee_id: colleague.id,
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      company_id: customer.id,
      type: 'visit',
      subject: 'Demo of the new scanner',
      details: 'Bring the intraoral kit',
      due_at: due,
      done_at: null,
      assignee: { id: colleague.id },
      author: { id: partner.id },
      can_edit: true,
      can_complete: true,
    });
    const logged = (
      await activity(partner.token, customer.id, { type: 'call', subject: 'Asked for prices', is_done: true })
    ).json();
    expect(logged.done_at).not.toBeNull();
    const overdue = (
      await activity(partner.token, customer.id, {
        type: 'task',
        subject: 'Send offer',
        due_at: '2020-01-01T00:00:00Z',
      })
    ).json();

    const ids = async (query: string) =>
      (await call('GET', `/api/customer-activities?company_id=${customer.id}&${query}`, partner.token))
        .json()
        .data.map((a: { id: string }) => a.id);
    expect(await ids('sort_by=created_at')).toEqual([overdue.id, logged.id, body.id]);
    expect(await ids('status=open&sort_by=due_at&sort_dir=asc')).toEqual([overdue.id, body.id]);
    expect(await ids('status=done')).toEqual([logged.id]);
    expect(await ids('status=overdue')).toEqual([overdue.id]);
    expect(await ids('type=visit')).toEqual([body.id]);
    expect(await ids(`assignee_id=${colleague.id}`)).toEqual([body.id]);
    expect(await ids('search=intraoral')).toEqual([body.id]);

    const url = `/api/customer-activities/${body.id}`;
    const moved = await call('PUT', url, partner.token, { due_at: null, subject: 'Scanner demo', assignee_id: null });
    expect(moved.json()).toMatchObject({ due_at: null, subject: 'Scanner demo', assignee: null, done_at: null });
    const done = await call('PUT', url, partner.token, { is_done: true });
    expect(done.json().done_at).not.toBeNull();
    const again = await call('PUT', url, partner.token, { is_done: true });
    expect(again.json().done_at).toBe(done.json().done_at);
    expect((await call('PUT', url, partner.token, { is_done: false })).json().done_at).toBeNull();
    expect((await call('GET', url, partner.token)).json()).toMatchObject({ id: body.id, subject: 'Scanner demo' });

    expect((await call('DELETE', url, partner.token)).json()).toEqual({ message: 'The activity was deleted' });
    expect((await call('GET', url, partner.token)).statusCode).toBe(404);

    const audit = await auditRows('customer-activity', body.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update', 'update', 'delete']);
    expect(audit.every((a) => a.companyId === reseller.id)).toBe(true);
    expect(audit[1]!.changes).toMatchObject({
      subject: { old: 'Demo of the new scanner', new: 'Scanner demo' },
      due_at: { old: due, new: null },
      assignee_id: { old: colleague.id, new: null },
    });
    expect(Object.keys(audit[2]!.changes)).toEqual(['done_at']);
  });

  it('lets the assignee mark an activity done or open again, but nothing else (403)', async () => {
    const { reseller, customer, partner } = await partnerTree();
    const assignee = await userIn(reseller.id);
    const bystander = await userIn(reseller.id);
    const task = (await activity(partner.token, customer.id, { type: 'task', assignee_id: assignee.id })).json();
    const url = `/api/customer-activities/${task.id}`;

    expect((await call('GET', url, assignee.token)).json()).toMatchObject({ can_edit: false, can_complete: true });
    expect((await call('GET', url, bystander.token)).json()).toMatchObject({ can_edit: false, can_complete: false });
    const done = await call('PUT', url, assignee.token, { is_done: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().done_at).not.toBeNull();
    const renamed = await call('PUT', url, assignee.token, { is_done: true, subject: 'Mine now' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json().message).toBe('Only the author can change this activity');
    expect((await call('DELETE', url, assignee.token)).statusCode).toBe(403);
    expect((await call('PUT', url, bystander.token, { is_done: false })).statusCode).toBe(403);
    expect((await call('PUT', url, adminToken, { is_done: false })).json().done_at).toBeNull();
  });

  it("answers 404 for an activity of another company's customer, and for logging one about a company out of reach", async () => {
    const { customer, siblingCustomer, partner, siblingPartner } = await partnerTree();
    const theirs = (await activity(siblingPartner.token, siblingCustomer.id)).json();
    const url = `/api/customer-activities/${theirs.id}`;
    expect((await call('GET', url, partner.token)).statusCode).toBe(404);
    expect((await call('PUT', url, partner.token, { is_done: true })).statusCode).toBe(404);
    expect((await call('DELETE', url, partner.token)).statusCode).toBe(404);
    expect((await activity(partner.token, siblingCustomer.id)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/customer-activities?company_id=${siblingCustomer.id}`, partner.token)).statusCode,
    ).toBe(404);
    // Assigning to a user of a company out of reach is a bad field, not a leak of that user.
    expect((await activity(partner.token, customer.id, { assignee_id: siblingPartner.id })).statusCode).toBe(400);
    expect((await call('GET', url, siblingPartner.token)).statusCode).toBe(200);
  });
});

describe('GET /api/customer-timeline', () => {
  it('merges notes and activities: pinned notes first, then newest first, paged with the total', async () => {
    const { customer, partner } = await partnerTree();
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
    const oldNote = (await note(partner.token, customer.id, 'Old note')).json();
    const call1 = (await activity(partner.token, customer.id, { subject: 'First call' })).json();
    const pinned = (await note(partner.token, customer.id, 'Always call before noon', { is_pinned: true })).json();
    const newNote = (await note(partner.token, customer.id, 'New note')).json();
    const call2 = (await activity(partner.token, customer.id, { subject: 'Second call', is_done: true })).json();
    const stamp = [
      [customerNotes, oldNote.id, 1],
      [customerActivities, call1.id, 2],
      [customerNotes, pinned.id, 0],
      [customerNotes, newNote.id, 3],
      [customerActivities, call2.id, 4],
    ] as const;
    for (const [table, id, minute] of stamp) {
      await ctx.deps.db
        .update(table)
        .set({ createdAt: at(minute) })
        .where(eq(table.id, id));
    }
    const staffNote = (await note(adminToken, customer.id, 'Staff only')).json();

    const page1 = await call('GET', `/api/customer-timeline?company_id=${customer.id}&per_page=3`, partner.token);
    expect(page1.statusCode).toBe(200);
    expect(page1.json().total).toBe(5);
    const idOf = (item: { kind: string; note?: { id: string }; activity?: { id: string } }) =>
      `${item.kind}:${(item.note ?? item.activity)!.id}`;
    expect(page1.json().data.map(idOf)).toEqual([`note:${pinned.id}`, `activity:${call2.id}`, `note:${newNote.id}`]);
    expect(page1.json().data[1].activity).toMatchObject({ subject: 'Second call', can_complete: true });
    const page2 = await call(
      'GET',
      `/api/customer-timeline?company_id=${customer.id}&per_page=3&page=2`,
      partner.token,
    );
    expect(page2.json().data.map(idOf)).toEqual([`activity:${call1.id}`, `note:${oldNote.id}`]);

    const staffView = await call('GET', `/api/customer-timeline?company_id=${customer.id}`, adminToken);
    expect(staffView.json().total).toBe(6);
    expect(staffView.json().data.map(idOf)).toContain(`note:${staffNote.id}`);
  });

  it('answers 400 without a company and 404 for a company out of reach', async () => {
    const { siblingCustomer, partner } = await partnerTree();
    const missing = await call('GET', '/api/customer-timeline', partner.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.company_id).toEqual(['This field is required']);
    expect((await call('GET', `/api/customer-timeline?company_id=x`, partner.token)).statusCode).toBe(400);
    expect(
      (await call('GET', `/api/customer-timeline?company_id=${siblingCustomer.id}&per_page=500`, partner.token))
        .statusCode,
    ).toBe(400);
    const other = await call('GET', `/api/customer-timeline?company_id=${siblingCustomer.id}`, partner.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('NOT_FOUND');
  });
});
