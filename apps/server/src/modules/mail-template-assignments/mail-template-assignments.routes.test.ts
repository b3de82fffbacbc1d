import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { insertTemplate } from '../mail-templates/mail-templates.repository';

let ctx: TestContext;
let admin: string;
let practice: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  practice = (await loginAs(ctx.app, (await createTestUser(ctx.deps, { roles: ['end-user'] })).mail)).token;
});
afterAll(() => ctx?.close());

const { get, post } = requestsTo(() => ctx.app);
const SAVE = '/api/mail-template-assignments';
const missingId = '00000000-0000-4000-8000-000000000000';

describe('GET /api/mail-template-assignments', () => {
  it('answers 403 without backoffice-mail-template-assignment', async () => {
    expect((await get('/api/mail-template-assignments', practice)).statusCode).toBe(403);
  });
  it('lists every event with its seeded default template and a total', async () => {
    const response = await get('/api/mail-template-assignments', admin);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(ctx.deps.declared.mailEvents.length);
    expect(body.data.map((a: { event: string }) => a.event)).toEqual([...ctx.deps.declared.mailEvents]);
    expect(body.data.every((a: { template_id: string | null }) => a.template_id)).toBe(true);
  });
});

describe('GET /api/mail-template-assignments/get-by-module', () => {
  it('answers 403 and 400 for an unknown module', async () => {
    expect((await get('/api/mail-template-assignments/get-by-module?module=invoice', practice)).statusCode).toBe(403);
    expect((await get('/api/mail-template-assignments/get-by-module?module=weather', admin)).statusCode).toBe(400);
  });
  it('answers the events of one module', async () => {
    const body = (await get('/api/mail-template-assignments/get-by-module?module=invoice', admin)).json();
    expect(body.data.map((a: { event: string }) => a.event)).toEqual([
      'invoice.issued',
      'invoice.reminder-1',
      'invoice.reminder-2',
      'invoice.reminder-3',
      'invoice.summary',
    ]);
    expect(body.total).toBe(5);
    expect(body.data[1].template_name).toBe('Invoice reminder level 1');
  });
});

describe('POST /api/mail-template-assignments', () => {
  it('answers 403, 400 (unknown event) and 404 (unknown template), saving nothing', async () => {
    const body = { assignments: [{ event: 'case.approved', template_id: missingId }] };
    expect((await post(SAVE, body, practice)).statusCode).toBe(403);
    expect(
      (await post(SAVE, { assignments: [{ event: 'case.exploded', template_id: missingId }] }, admin)).statusCode,
    ).toBe(400);
    const before = (await get('/api/mail-template-assignments/get-by-module?module=case', admin)).json();
    expect((await post(SAVE, body, admin)).statusCode).toBe(404);
    expect((await get('/api/mail-template-assignments/get-by-module?module=case', admin)).json()).toEqual(before);
  });
  it('assigns another template to an event, which sendMail then uses', async () => {
    const template = await insertTemplate(ctx.deps.db, {
      name: 'Our own approval mail',
      event: 'case.approved',
      contents: { en: { subject: 'Approved', body: '<p>ok</p>' } },
    });
    const response = await post(SAVE, { assignments: [{ event: 'case.approved', template_id: template.id }] }, admin);
    expect(response.statusCode).toBe(200);
    const approved = response.json().data.find((a: { event: string }) => a.event === 'case.approved');
    expect(approved).toMatchObject({
      template_id: template.id,
      template_name: 'Our own approval mail',
      module: 'case',
    });
    const { findTemplateForEvent } = await import('../mail-templates/mail-templates.repository');
    expect((await findTemplateForEvent(ctx.deps.db, 'case.approved'))?.id).toBe(template.id);
  });
});
