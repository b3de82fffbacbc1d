import { DOCUMENT_ASSIGNMENT_ROUTE } from '@cuspid/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, multipart, SAMPLE_PDF } from '../../../test/docx';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  loginAs,
  requestsTo,
  type TestContext,
  uniqueMail,
} from '../../../test/setup-app';
import { auditLog } from './audit-log.schema';

// Every write of companies, units, registration, mail and documents leaves one audit row with its
// changed fields, written in the same transaction as the change (ADR 0030, ADR 0065).

let ctx: TestContext;
let admin: string;
let adminUserId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const user = await createTestAdmin(ctx.deps);
  adminUserId = user.id;
  admin = (await loginAs(ctx.app, user.mail)).token;
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);
const sendMultipart = (url: string, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(admin) } });
};

async function entries(entity: string, entityId: string) {
  return ctx.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .orderBy(desc(auditLog.at));
}
async function lastEntry(entity: string, entityId: string, action: string) {
  const found = (await entries(entity, entityId)).find((e) => e.action === action);
  expect(found, `${action} ${entity} ${entityId}`).toBeDefined();
  return found!;
}

describe('audit trail of every write', () => {
  it('companies: create, update (fields, partners, bank accounts), save-company-owners and delete', async () => {
    const created = await call('POST', '/api/companies', admin, {
      company_name: 'Audit Dental',
      country: 'DE',
      bank_accounts: [{ account_holder: 'Audit Dental', bank_name: 'Bank', iban: 'DE89370400440532013000' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const create = await lastEntry('company', id, 'create');
    expect(create).toMatchObject({ actorKind: 'user', actorUserId: adminUserId, companyId: id });
    expect(create.changes.company_name).toEqual({ old: null, new: 'Audit Dental' });
    expect(create.changes.bank_accounts?.new).toEqual([expect.objectContaining({ iban: 'DE89370400440532013000' })]);

    const updated = await call('PUT', `/api/companies/${id}`, admin, { city: 'Bonn', bank_accounts: [] });
    expect(updated.statusCode, updated.body).toBe(200);
    const update = await lastEntry('company', id, 'update');
    expect(update.changes.city).toEqual({ old: null, new: 'Bonn' });
    expect(update.changes.bank_accounts?.new).toEqual([]);
    expect(update.changes).not.toHaveProperty('company_name');

    const partner = (
      await call('POST', '/api/companies', admin, { company_name: 'Audit Reseller', country: 'DE' })
    ).json();
    const owners = await call('POST', '/api/save-company-owners', admin, { company_id: id, reseller_id: partner.id });
    expect(owners.statusCode, owners.body).toBe(200);
    const ownersEntry = (await entries('company', id)).find((e) => e.changes.reseller);
    expect(ownersEntry?.changes.reseller).toEqual({
      old: null,
      new: { id: partner.id, company_name: 'Audit Reseller' },
    });

    expect((await call('DELETE', `/api/companies/${id}`, admin)).statusCode).toBe(200);
    const deleted = await lastEntry('company', id, 'delete');
    expect(deleted.changes.company_name).toEqual({ old: 'Audit Dental', new: null });
  });

  it('units: create, update, detach-unit, delete and delete-units (sub-units included)', async () => {
    const company = (await call('POST', '/api/companies', admin, { company_name: 'Unit Audit', country: 'DE' })).json();
    const unit = (await call('POST', '/api/units', admin, { company_id: company.id, name: 'Lab' })).json();
    expect((await lastEntry('unit', unit.id, 'create')).changes.name).toEqual({ old: null, new: 'Lab' });

    expect((await call('PUT', `/api/units/${unit.id}`, admin, { name: 'Lab 2', user_ids: [] })).statusCode).toBe(200);
    const update = await lastEntry('unit', unit.id, 'update');
    expect(update.changes).toEqual({ name: { old: 'Lab', new: 'Lab 2' } });
    expect(update.companyId).toBe(company.id);

    const child = (
      await call('POST', '/api/units', admin, { company_id: company.id, name: 'Desk', parent_id: unit.id })
    ).json();
    const deleted = await call('POST', '/api/delete-units', admin, { ids: [unit.id] });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await lastEntry('unit', unit.id, 'delete')).changes.name).toEqual({ old: 'Lab 2', new: null });
    expect((await lastEntry('unit', child.id, 'delete')).changes.parent_id).toEqual({ old: unit.id, new: null });
  });

  it('registration: the configuration save and a self-registered company', async () => {
    const saved = await call('POST', '/api/save-registration-configuration', admin, {
      role_id: null,
      free_credits: 7,
      captcha_enabled: false,
      vat_required_countries: [],
      allowed_countries: [],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const config = await lastEntry('registration-configuration', '1', 'update');
    expect(config.changes.free_credits).toMatchObject({ new: 7 });

    // Registration is open to anyone: the call is made without a session.
    const registered = await call('POST', '/api/register-company', undefined, {
      company_name: 'Self Registered',
      country: 'DE',
      mail: uniqueMail('reg'),
      password: 'Praxis#2026',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const { company_id, user_id } = registered.json();
    const company = await lastEntry('company', company_id, 'create');
    expect(company).toMatchObject({ actorKind: 'system', companyId: company_id });
    expect(company.changes.company_name).toEqual({ old: null, new: 'Self Registered' });
    const user = await lastEntry('user', user_id, 'create');
    expect(user.companyId).toBe(company_id);
    expect(JSON.stringify(user.changes)).not.toContain('Praxis#2026');
  });

  it('mail templates and their assignments', async () => {
    const template = {
      name: `Audit ${uniqueMail()}`,
      event: null,
      contents: { en: { subject: 'Hi', body: '<p>Hi</p>' } },
      variables: [],
    };
    const created = await call('POST', '/mail/create-mail-template', admin, template);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect((await lastEntry('mail-template', id, 'create')).changes.name).toEqual({ old: null, new: template.name });

    const updated = await call('POST', '/mail/update-mail-template', admin, { ...template, id, name: 'Renamed audit' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await lastEntry('mail-template', id, 'update')).changes).toEqual({
      name: { old: template.name, new: 'Renamed audit' },
    });

    const before = (await call('GET', '/api/mail-template-assignments', admin)).json().data as {
      event: string;
      template_id: string | null;
    }[];
    const event = before[0]!;
    const assigned = await call('POST', '/api/mail-template-assignments', admin, {
      assignments: [{ event: event.event, template_id: id }],
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const assignment = (await entries('mail-template-assignment', event.event))[0]!;
    expect(assignment.changes).toEqual({ template_id: { old: event.template_id, new: id } });
    // Put the original back, then the template can go.
    await call('POST', '/api/mail-template-assignments', admin, {
      assignments: [{ event: event.event, template_id: event.template_id }],
    });
    expect((await call('POST', '/mail/delete-mail-template', admin, { id })).statusCode).toBe(200);
    expect((await lastEntry('mail-template', id, 'delete')).changes.name).toEqual({ old: 'Renamed audit', new: null });
  });

  it('document files, templates and the document assignment', async () => {
    const uploaded = await sendMultipart('/documents/upload-file', [
      { name: 'file', fileName: 'scan.pdf', content: SAMPLE_PDF },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fileId = uploaded.json().id as string;
    const fileCreate = await lastEntry('document-file', fileId, 'create');
    expect(fileCreate.changes.file_name).toEqual({ old: null, new: 'scan.pdf' });
    expect(fileCreate.companyId).toBe(uploaded.json().company_id);
    expect((await call('POST', '/documents/delete-file', admin, { id: fileId })).statusCode).toBe(200);
    expect((await lastEntry('document-file', fileId, 'delete')).changes.file_name).toEqual({
      old: 'scan.pdf',
      new: null,
    });

    const created = await sendMultipart('/documents/create-template', [
      { name: 'name', value: 'Audit invoice' },
      { name: 'file', fileName: 'invoice.docx', content: buildDocx(['Hello [{name}]']) },
    ]);
    expect(created.statusCode, created.body).toBe(201);
    const templateId = created.json().id as string;
    expect((await lastEntry('document-template', templateId, 'create')).changes.variables).toEqual({
      old: null,
      new: ['name'],
    });
    const renamed = await call('POST', '/documents/update-template', admin, {
      id: templateId,
      name: 'Audit invoice 2',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await lastEntry('document-template', templateId, 'update')).changes.name).toEqual({
      old: 'Audit invoice',
      new: 'Audit invoice 2',
    });

    const documentType = 'invoice';
    const assign = (template_id: string | null) =>
      call('POST', `/api${DOCUMENT_ASSIGNMENT_ROUTE}`, admin, {
        assignments: [{ document_type: documentType, template_id }],
      });
    expect((await assign(templateId)).statusCode).toBe(200);
    const assignment = (await entries('document-assignment', documentType))[0]!;
    expect(assignment.changes.template_id?.new).toBe(templateId);
    expect((await assign(null)).statusCode).toBe(200);
    expect((await lastEntry('document-assignment', documentType, 'delete')).changes).toEqual({
      template_id: { old: templateId, new: null },
    });

    expect((await call('POST', '/documents/delete-template', admin, { id: templateId })).statusCode).toBe(200);
    expect((await lastEntry('document-template', templateId, 'delete')).changes.name).toEqual({
      old: 'Audit invoice 2',
      new: null,
    });
  });
});
