import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
  uniqueMail,
} from '../../../test/setup-app';
import { waitFor } from '../../../test/smtp-server';
import { deliverMail } from '../sent-mails/mail-delivery';
import { insertOutbox } from '../sent-mails/sent-mails.repository';

let ctx: TestContext;
let admin: string;
let practice: string;
/** Holds backoffice-mail-template but belongs to a company of its own (not back-office staff). */
let companyEditor: string;
let companyEditorCompanyId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  practice = (await loginAs(ctx.app, (await createTestUser(ctx.deps, { roles: ['end-user'] })).mail)).token;
  const editor = await createTestUser(ctx.deps, { roles: ['employee'] });
  companyEditorCompanyId = editor.companyId;
  companyEditor = (await loginAs(ctx.app, editor.mail)).token;
});
afterAll(() => ctx?.close());

const { get, post } = requestsTo(() => ctx.app);

const validTemplate = (name = `Template ${uniqueMail()}`) => ({
  name,
  event: null,
  contents: {
    en: { subject: 'Hello {{ name }}', body: '<p>Hello <b>{{ name }}</b></p>' },
    de: { subject: 'Hallo {{ name }}', body: '<p>Hallo <b>{{ name }}</b></p>' },
  },
  variables: [{ name: 'name', description: 'Name', example: 'Ann' }],
});

async function createTemplate(body = validTemplate()) {
  const response = await post('/mail/create-mail-template', body, admin);
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; name: string };
}

const missingId = '00000000-0000-4000-8000-000000000000';

describe('POST /mail/create-mail-template', () => {
  it('answers 403 without backoffice-mail-template', async () => {
    expect((await post('/mail/create-mail-template', validTemplate(), practice)).statusCode).toBe(403);
  });
  it('answers 400 with field errors when the English version is missing or a body does not parse', async () => {
    const noEnglish = await post(
      '/mail/create-mail-template',
      { ...validTemplate(), contents: { de: { subject: 'a', body: 'b' } } },
      admin,
    );
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().errors['contents.en']).toEqual(['The English version is required']);
    const broken = await post(
      '/mail/create-mail-template',
      { ...validTemplate(), contents: { en: { subject: 'ok', body: '{% if %}' } } },
      admin,
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().errors['contents.en.body'][0]).toMatch(/cannot be read/);
  });
  it('creates a template with its languages and variables', async () => {
    const body = validTemplate();
    const created = await createTemplate(body);
    const read = await get(`/mail/list-mail-template-by-id?id=${created.id}`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      name: body.name,
      event: null,
      contents: body.contents,
      variables: body.variables,
      is_default: false,
    });
  });
});

describe('GET /mail/list-mail-templates', () => {
  it('answers 403 and 400 on a bad page size', async () => {
    expect((await get('/mail/list-mail-templates', practice)).statusCode).toBe(403);
    expect((await get('/mail/list-mail-templates?limit_count=0', admin)).statusCode).toBe(400);
  });
  it('lists the seeded default templates, paged, with a count', async () => {
    const page = await get('/mail/list-mail-templates?limit_start=0&limit_count=5', admin);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(5);
    expect(page.json().count).toBeGreaterThanOrEqual(12);
    const welcome = await get('/mail/list-mail-templates?event=registration.welcome', admin);
    const defaults = welcome.json().data.filter((t: { is_default: boolean }) => t.is_default);
    expect(defaults).toHaveLength(1);
    expect(Object.keys(defaults[0].contents).sort()).toEqual(['de', 'en', 'fr']);
  });
  it('searches by name', async () => {
    const created = await createTemplate(validTemplate(`Searchable ${uniqueMail()}`));
    const found = await get(`/mail/list-mail-templates?search=${encodeURIComponent(created.name)}`, admin);
    expect(found.json()).toEqual({ data: [expect.objectContaining({ id: created.id })], count: 1 });
  });
});

describe('GET /mail/list-mail-template-by-id', () => {
  it('answers 403, 400 and 404', async () => {
    expect((await get(`/mail/list-mail-template-by-id?id=${missingId}`, practice)).statusCode).toBe(403);
    expect((await get('/mail/list-mail-template-by-id?id=nope', admin)).statusCode).toBe(400);
    expect((await get(`/mail/list-mail-template-by-id?id=${missingId}`, admin)).statusCode).toBe(404);
  });
});

describe('POST /mail/update-mail-template', () => {
  it('answers 403, 400 and 404', async () => {
    const body = { ...validTemplate(), id: missingId };
    expect((await post('/mail/update-mail-template', body, practice)).statusCode).toBe(403);
    expect((await post('/mail/update-mail-template', { ...body, name: '' }, admin)).statusCode).toBe(400);
    expect((await post('/mail/update-mail-template', body, admin)).statusCode).toBe(404);
  });
  it('updates subject, body and variables', async () => {
    const created = await createTemplate();
    const changed = {
      ...validTemplate('Renamed'),
      id: created.id,
      contents: { en: { subject: 'S', body: '<p>B</p>' } },
    };
    const response = await post('/mail/update-mail-template', changed, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      name: 'Renamed',
      contents: { en: { subject: 'S', body: '<p>B</p>' } },
    });
  });
});

describe('POST /mail/delete-mail-template', () => {
  it('answers 403, 400 and 404', async () => {
    expect((await post('/mail/delete-mail-template', { id: missingId }, practice)).statusCode).toBe(403);
    expect((await post('/mail/delete-mail-template', {}, admin)).statusCode).toBe(400);
    expect((await post('/mail/delete-mail-template', { id: missingId }, admin)).statusCode).toBe(404);
  });
  it('deletes a template, but not one an event is assigned to (409)', async () => {
    const created = await createTemplate();
    expect((await post('/mail/delete-mail-template', { id: created.id }, admin)).statusCode).toBe(200);
    expect((await get(`/mail/list-mail-template-by-id?id=${created.id}`, admin)).statusCode).toBe(404);
    const assigned = (await get('/api/mail-template-assignments/get-by-module?module=ticket', admin))
      .json()
      .data.find((a: { event: string }) => a.event === 'ticket.answered');
    const refused = await post('/mail/delete-mail-template', { id: assigned.template_id }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('ticket.answered');
  });
});

describe('POST /mail/preview-mail-template', () => {
  it('answers 403 and 400 (unknown filter) and renders escaped, sanitised HTML with a text part', async () => {
    const body = {
      contents: { subject: 'Hi {{ name }}', body: '<p>{{ name }}</p><script>x</script>' },
      variables: { name: '<i>Ann</i>' },
    };
    expect((await post('/mail/preview-mail-template', body, practice)).statusCode).toBe(403);
    const bad = await post(
      '/mail/preview-mail-template',
      { ...body, contents: { subject: 'x', body: '{{ a | evil }}' } },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    const ok = await post('/mail/preview-mail-template', body, admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ subject: 'Hi <i>Ann</i>', html: '<p>&lt;i&gt;Ann&lt;/i&gt;</p>', text: '<i>Ann</i>' });
  });
});

describe('POST /mail/send-mail and the sent-mail viewer', () => {
  it('answers 403, 400 (neither event nor template; bad address) and 404 (unknown template)', async () => {
    const body = { event: 'registration.welcome', to: uniqueMail(), language: 'de', variables: {} };
    expect((await post('/mail/send-mail', body, practice)).statusCode).toBe(403);
    expect((await post('/mail/send-mail', { to: uniqueMail() }, admin)).statusCode).toBe(400);
    expect((await post('/mail/send-mail', { ...body, to: 'not-a-mail' }, admin)).statusCode).toBe(400);
    expect((await post('/mail/send-mail', { to: uniqueMail(), template_id: missingId }, admin)).statusCode).toBe(404);
  });

  it('queues the mail and, without SMTP, keeps it sent for the viewer in the chosen language', async () => {
    const to = uniqueMail();
    const sent = await post(
      '/mail/send-mail',
      { event: 'registration.welcome', to, language: 'fr', variables: { mail: to } },
      admin,
    );
    expect(sent.statusCode).toBe(202);
    expect(sent.json().status).toBe('queued');
    // Run the delivery here rather than through a worker: on a shared PostgreSQL database a worker
    // of another test file could take the job. Retries through pg-boss are tested in mail-delivery.test.ts.
    await deliverMail(ctx.deps, sent.json().id);
    const mail = await waitFor(async () => {
      const r = (await get(`/mail/list-sent-mail-by-id?id=${sent.json().id}`, admin)).json();
      return r.status === 'sent' && r;
    });
    expect(mail).toMatchObject({
      to,
      language: 'fr',
      transport: 'viewer',
      subject: 'Bienvenue sur Cuspid',
      attempts: 1,
    });
    expect(mail.html).toContain(to);
    expect(mail.text).toContain('votre compte');
    const list = (await get(`/mail/list-sent-mails?search=${encodeURIComponent(to)}`, admin)).json();
    expect(list).toEqual({ data: [expect.objectContaining({ id: sent.json().id })], count: 1 });
  });

  it('viewer calls answer 403, 400 and 404 for another company’s mail; company users see only theirs', async () => {
    expect((await get('/mail/list-sent-mails', practice)).statusCode).toBe(403);
    expect((await get('/mail/list-sent-mails?status=lost', admin)).statusCode).toBe(400);
    expect((await get('/mail/list-sent-mail-by-id?id=x', admin)).statusCode).toBe(400);
    const other = await createTestUser(ctx.deps);
    const foreign = await insertOutbox(ctx.deps.db, {
      to: uniqueMail(),
      language: 'en',
      companyId: other.companyId,
      status: 'sent',
    });
    const own = await insertOutbox(ctx.deps.db, {
      to: uniqueMail(),
      language: 'en',
      companyId: companyEditorCompanyId,
      status: 'sent',
    });
    expect((await get(`/mail/list-sent-mail-by-id?id=${foreign.id}`, companyEditor)).statusCode).toBe(404);
    expect((await get(`/mail/list-sent-mail-by-id?id=${own.id}`, companyEditor)).statusCode).toBe(200);
    expect((await get(`/mail/list-sent-mail-by-id?id=${foreign.id}`, admin)).statusCode).toBe(200);
    const listed = (await get('/mail/list-sent-mails?limit_count=500', companyEditor)).json();
    expect(listed.data.map((m: { company_id: string }) => m.company_id)).toEqual(
      listed.data.map(() => companyEditorCompanyId),
    );
    expect(listed.data.some((m: { id: string }) => m.id === own.id)).toBe(true);
  });
});

describe('the reference seed of mail templates', () => {
  it('is idempotent and never overwrites an edited default template or a changed assignment', async () => {
    const { seedMailTemplates } = await import('./mail-templates.repository');
    const defaultsBefore = (await get('/mail/list-mail-templates?limit_count=500', admin))
      .json()
      .data.filter((t: { is_default: boolean }) => t.is_default);
    expect(defaultsBefore).toHaveLength(ctx.deps.declared.mailEvents.length);
    const payment = defaultsBefore.find((t: { event: string }) => t.event === 'payment.received');
    const edited = {
      ...payment,
      contents: { ...payment.contents, en: { subject: 'Paid, thanks', body: '<p>Thanks</p>' } },
    };
    expect((await post('/mail/update-mail-template', edited, admin)).statusCode).toBe(200);

    await seedMailTemplates(ctx.deps.db, ctx.deps.declared.mail);
    await seedMailTemplates(ctx.deps.db, ctx.deps.declared.mail);

    const defaultsAfter = (await get('/mail/list-mail-templates?limit_count=500', admin))
      .json()
      .data.filter((t: { is_default: boolean }) => t.is_default);
    expect(defaultsAfter).toHaveLength(ctx.deps.declared.mailEvents.length);
    const kept = (await get(`/mail/list-mail-template-by-id?id=${payment.id}`, admin)).json();
    expect(kept.contents.en).toEqual({ subject: 'Paid, thanks', body: '<p>Thanks</p>' });
    expect(kept.contents.de.subject).toBe('Vielen Dank für Ihre Zahlung');
    await post('/mail/update-mail-template', payment, admin);
  });
});
