import { VALIDATION_MESSAGES } from '@cuspid/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, multipart } from '../../test/docx';
import { bearer, createTestAdmin, createTestApp, loginAs, type TestContext } from '../../test/setup-app';

/**
 * Text PostgreSQL cannot store (NUL, lone surrogates) and dates out of any sane range are refused by
 * the contracts' schemas with 400 in the usual wire shape, never a 500 from the database.
 */
let ctx: TestContext;
let token: string;
let companyId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createTestAdmin(ctx.deps);
  token = (await loginAs(ctx.app, admin.mail)).token;
  companyId = admin.companyId;
});
afterAll(() => ctx?.close());

const post = (url: string, payload: object, auth = true) =>
  ctx.app.inject({ method: 'POST', url, payload, headers: auth ? bearer(token) : {} });
const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

function expectRefused(response: LightMyRequestResponse, field: string, message?: string) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(body).toMatchObject({ code: 'VALIDATION_FAILED', requestId: expect.any(String) });
  expect(body.message).toEqual(expect.any(String));
  expect(body.errors?.[field], response.body).toEqual(expect.arrayContaining([expect.any(String)]));
  if (message) expect(body.errors[field]).toContain(message);
}

describe('NUL characters and lone surrogates', () => {
  const unstorable = VALIDATION_MESSAGES.textUnstorable;

  it('are refused in a new company and in the company search', async () => {
    expectRefused(
      await post('/api/companies', { company_name: 'A\u0000B', country: 'DE' }),
      'company_name',
      unstorable,
    );
    expectRefused(
      await post('/api/companies', { company_name: 'Fine', country: 'DE', city: 'x\uD800' }),
      'city',
      unstorable,
    );
    expectRefused(await get('/api/companies?search=%00'), 'search', unstorable);
  });

  it('are refused in the user list search, notes and the profile', async () => {
    expectRefused(await get('/auth/list-users?search=a%00'), 'search', unstorable);
    expectRefused(await post('/api/customer-notes', { company_id: companyId, body: 'note\u0000' }), 'body', unstorable);
    expectRefused(await post('/auth/update-profile', { first_name: '\u0000' }), 'first_name', unstorable);
  });

  it('are refused in an anonymous client-credentials request, whose answer carries a request id', async () => {
    const response = await post(
      '/auth/token',
      { grant_type: 'client_credentials', client_id: 'ck_\u0000', client_secret: 'x' },
      false,
    );
    expectRefused(response, 'client_id', unstorable);
  });
});

it('are refused in the text fields of a multipart upload', async () => {
  const form = multipart([
    { name: 'name', value: 'Invoice\u0000' },
    { name: 'file', fileName: 'invoice.docx', content: buildDocx(['Hello {name}']) },
  ]);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/documents/create-template',
    payload: form.payload,
    headers: { ...form.headers, ...bearer(token) },
  });
  expectRefused(response, 'name', VALIDATION_MESSAGES.textUnstorable);
});

describe('dates out of range', () => {
  it.each([
    ['from', '/api/audit-log?from=0000-01-01'],
    ['to', '/api/audit-log?to=9999-12-31'],
    ['from', '/api/audit-log?from=275760-09-13'],
  ])('are refused in the audit trail filter %s', async (field, url) => {
    expectRefused(await get(url), field);
  });

  it('are refused as the due date of an activity', async () => {
    const response = await post('/api/customer-activities', {
      company_id: companyId,
      type: 'call',
      subject: 'Call back',
      due_at: '0000-01-01T00:00:00Z',
    });
    expectRefused(response, 'due_at', VALIDATION_MESSAGES.dateOutOfRange);
  });
});

it('names the length rule for a 10,000-character company name, not "required"', async () => {
  const response = await post('/api/companies', { company_name: 'x'.repeat(10_000), country: 'DE' });
  expectRefused(response, 'company_name', 'This field may not be longer than 200 characters');
  expect(response.json().errors.company_name).not.toContain(VALIDATION_MESSAGES.required);
});
