import { DOCUMENT_TYPES } from '@cuspid/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, multipart } from '../../../test/docx';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestContext,
} from '../../../test/setup-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

const URL = '/api/global-settings/document-assignment';

async function session(options: Parameters<typeof createTestUser>[1] = {}) {
  const user = await createTestUser(ctx.deps, options);
  return bearer((await loginAs(ctx.app, user.mail)).token);
}

async function createTemplate(headers: Record<string, string>, name: string) {
  const body = multipart([
    { name: 'name', value: name },
    { name: 'file', fileName: `${name}.docx`, content: buildDocx(['{number}']) },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/documents/create-template',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

describe('GET and POST /api/global-settings/document-assignment', () => {
  let admin: Record<string, string>;
  let invoiceTemplate: string;
  let reminderTemplate: string;

  beforeAll(async () => {
    admin = bearer((await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token);
    invoiceTemplate = await createTemplate(admin, 'Invoice');
    reminderTemplate = await createTemplate(admin, 'Reminder');
  });

  it('answers 403 without backoffice-document-assignment', async () => {
    const plain = await session({ roles: ['end-user'] });
    expect((await ctx.app.inject({ method: 'GET', url: URL, headers: plain })).statusCode).toBe(403);
    const post = await ctx.app.inject({ method: 'POST', url: URL, headers: plain, payload: {} });
    expect(post.statusCode).toBe(403);
  });

  it('answers 400 for bad input', async () => {
    const bad = [
      {},
      { assignments: [] },
      { assignments: [{ document_type: 'letter', template_id: invoiceTemplate }] },
      { assignments: [{ document_type: 'invoice', template_id: 'x' }] },
      {
        assignments: [
          { document_type: 'invoice', template_id: invoiceTemplate },
          { document_type: 'invoice', template_id: reminderTemplate },
        ],
      },
    ];
    for (const payload of bad) {
      const response = await ctx.app.inject({ method: 'POST', url: URL, headers: admin, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 404 for a template of another company and saves nothing', async () => {
    // An employee outside the operator company holds the permission but sees only their company's templates.
    const employee = await session({ roles: ['employee'] });
    const response = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: employee,
      payload: {
        assignments: [
          { document_type: 'credit-note', template_id: invoiceTemplate },
          { document_type: 'payment-confirmation', template_id: reminderTemplate },
        ],
      },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('The template was not found');
    const list = await ctx.app.inject({ method: 'GET', url: URL, headers: admin });
    expect(
      list.json().data.find((a: { document_type: string }) => a.document_type === 'credit-note').template_id,
    ).toBeNull();
  });

  it('lists every document type, saves assignments, removes one with null', async () => {
    const empty = await ctx.app.inject({ method: 'GET', url: URL, headers: admin });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data.map((a: { document_type: string }) => a.document_type)).toEqual([...DOCUMENT_TYPES]);

    const saved = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: admin,
      payload: {
        assignments: [
          { document_type: 'invoice', template_id: invoiceTemplate },
          { document_type: 'invoice-reminder', template_id: reminderTemplate },
        ],
      },
    });
    expect(saved.statusCode).toBe(200);
    const byType = (body: { data: { document_type: string }[] }) =>
      Object.fromEntries(body.data.map((a) => [a.document_type, a]));
    expect(byType(saved.json()).invoice).toEqual({
      document_type: 'invoice',
      template_id: invoiceTemplate,
      template_name: 'Invoice',
    });
    expect(byType(saved.json())['invoice-reminder']).toMatchObject({ template_name: 'Reminder' });

    // A template that serves a document cannot be deleted.
    const del = await ctx.app.inject({
      method: 'POST',
      url: '/documents/delete-template',
      headers: admin,
      payload: { id: invoiceTemplate },
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toContain('invoice');

    const cleared = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: admin,
      payload: { assignments: [{ document_type: 'invoice', template_id: null }] },
    });
    expect(byType(cleared.json()).invoice).toMatchObject({ template_id: null, template_name: null });
    expect(byType(cleared.json())['invoice-reminder']).toMatchObject({ template_id: reminderTemplate });
    const staffUser = await session({ roles: ['employee'], staff: true });
    const shown = await ctx.app.inject({ method: 'GET', url: URL, headers: staffUser });
    expect(byType(shown.json())['invoice-reminder']).toMatchObject({ template_id: reminderTemplate });
  });
});
