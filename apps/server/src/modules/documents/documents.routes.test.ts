import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DOCX_CONTENT_TYPE } from '@cuspid/contracts';
import { eq } from 'drizzle-orm';
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, docxText, multipart, SAMPLE_PDF, SAMPLE_PNG } from '../../../test/docx';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestContext,
} from '../../../test/setup-app';
import { files } from './documents.schema';
import { CONVERTER_MISSING_MESSAGE, createPdfConverter } from './pdf-converter';

const run = promisify(execFile);
const MAX_UPLOAD = 256 * 1024;

let ctx: TestContext;
let storageRoot: string;
beforeAll(async () => {
  ctx = await createTestApp({ DOCUMENTS_MAX_UPLOAD_BYTES: String(MAX_UPLOAD) });
  storageRoot = path.join(ctx.deps.config.dataDir, 'files', 'objects');
});
afterAll(() => ctx?.close());

type Session = { token: string; companyId: string; headers: Record<string, string> };
async function signIn(options: Parameters<typeof createTestUser>[1] = {}): Promise<Session> {
  const user = await createTestUser(ctx.deps, options);
  const { token } = await loginAs(ctx.app, user.mail);
  return { token, companyId: user.companyId, headers: bearer(token) };
}
async function signInAdmin(): Promise<Session> {
  const admin = await createTestAdmin(ctx.deps);
  const { token } = await loginAs(ctx.app, admin.mail);
  return { token, companyId: admin.companyId, headers: bearer(token) };
}

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
const upload = (session: Session | null, fileName: string, content: Buffer, contentType?: string) => {
  const body = multipart([{ name: 'file', fileName, content, ...(contentType ? { contentType } : {}) }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/documents/upload-file',
    payload: body.payload,
    headers: { ...body.headers, ...(session?.headers ?? {}) },
  });
};

async function storedObjects(): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(storageRoot, full));
    }
  };
  await walk(storageRoot);
  return found;
}

describe('document files', () => {
  let owner: Session;
  let other: Session;
  let pdfId: string;

  beforeAll(async () => {
    owner = await signIn();
    other = await signIn();
    const response = await upload(owner, 'report.pdf', SAMPLE_PDF, 'application/pdf');
    expect(response.statusCode).toBe(201);
    pdfId = response.json().id;
  });

  it('answers 401 without a session on every call', async () => {
    const id = pdfId;
    for (const response of [
      await get('/documents/list-files'),
      await get(`/documents/list-file-by-id?id=${id}`),
      await get(`/documents/files/${id}`),
      await get(`/documents/files-preview/${id}`),
      await upload(null, 'a.pdf', SAMPLE_PDF),
      await post('/documents/delete-file', { id }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHENTICATED');
    }
  });

  it('uploads a file, typed by its content and not by its name or declared type', async () => {
    const response = await upload(owner, 'photo.txt', SAMPLE_PNG, 'text/plain');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ company_id: owner.companyId, content_type: 'image/png', size: SAMPLE_PNG.length });
    expect(body.file_name).toBe('photo.txt.png');
    const [row] = await ctx.deps.db.select().from(files).where(eq(files.id, body.id));
    expect(await ctx.deps.storage.head(row!.storageKey)).toMatchObject({ size: SAMPLE_PNG.length });
  });

  it('refuses content of a type that is not allowed, whatever its name says, and stores nothing', async () => {
    const before = await storedObjects();
    const response = await upload(owner, 'invoice.pdf', Buffer.from('#!/bin/sh\necho not a pdf\n'), 'application/pdf');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(response.json().message).toContain('Allowed: PDF');
    // A ZIP that is no Office document is refused too.
    const zip = new PizZip();
    zip.file('payload.exe', 'MZ');
    const zipResponse = await upload(owner, 'x.docx', zip.generate({ type: 'nodebuffer' }), DOCX_CONTENT_TYPE);
    expect(zipResponse.statusCode).toBe(415);
    expect(await storedObjects()).toEqual(before);
  });

  it('refuses a too-large upload with 413 and leaves nothing in storage or the database', async () => {
    const uploader = await signIn();
    const before = await storedObjects();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_UPLOAD + 10, 0x20)]);
    const response = await upload(uploader, 'big.pdf', big, 'application/pdf');
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
    expect(await storedObjects()).toEqual(before);
    expect(await ctx.deps.db.select().from(files).where(eq(files.companyId, uploader.companyId))).toHaveLength(0);
  });

  it('answers 400 when the request holds no file', async () => {
    const json = await post('/documents/upload-file', { file: 'x' }, owner.headers);
    expect(json.statusCode).toBe(400);
    expect(json.json().errors.file).toEqual(['The File field is required']);
    const noFile = multipart([{ name: 'note', value: 'no file here' }]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/documents/upload-file',
      payload: noFile.payload,
      headers: { ...noFile.headers, ...owner.headers },
    });
    expect(response.statusCode).toBe(400);
  });

  it('lists the files of the own company only, paged on the server; staff see every company', async () => {
    const lister = await signIn();
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf'])
      expect((await upload(lister, name, SAMPLE_PDF)).statusCode).toBe(201);
    const page = await get('/documents/list-files?limit_start=0&limit_count=2', lister.headers);
    expect(page.statusCode).toBe(200);
    expect(page.json().count).toBe(3);
    expect(page.json().data).toHaveLength(2);
    expect(page.json().data.every((f: { company_id: string }) => f.company_id === lister.companyId)).toBe(true);
    const search = await get('/documents/list-files?search=b.pd', lister.headers);
    expect(search.json().data.map((f: { file_name: string }) => f.file_name)).toEqual(['b.pdf']);
    expect((await get('/documents/list-files?limit_count=0', lister.headers)).statusCode).toBe(400);
    const staff = await signInAdmin();
    const all = await get('/documents/list-files?limit_count=1500', staff.headers);
    const companies = new Set(all.json().data.map((f: { company_id: string }) => f.company_id));
    expect(companies.has(lister.companyId) && companies.has(owner.companyId)).toBe(true);
  });

  it('shows one file; 400 for a bad id, 404 for another company', async () => {
    expect((await get('/documents/list-file-by-id?id=nope', owner.headers)).statusCode).toBe(400);
    const mine = await get(`/documents/list-file-by-id?id=${pdfId}`, owner.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: pdfId, file_name: 'report.pdf', content_type: 'application/pdf' });
    const foreign = await get(`/documents/list-file-by-id?id=${pdfId}`, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('NOT_FOUND');
  });

  it('downloads with the content type, file name and byte ranges', async () => {
    const response = await get(`/documents/files/${pdfId}`, owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="report.pdf"; filename*=UTF-8''report.pdf`,
    );
    expect(response.rawPayload.equals(SAMPLE_PDF)).toBe(true);
    const part = await get(`/documents/files/${pdfId}`, { ...owner.headers, range: 'bytes=1-3' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 1-3/${SAMPLE_PDF.length}`);
    expect(part.body).toBe('PDF');
    const tail = await get(`/documents/files/${pdfId}`, { ...owner.headers, range: 'bytes=-6' });
    expect(tail.body).toBe('%%EOF\n');
    const beyond = await get(`/documents/files/${pdfId}`, { ...owner.headers, range: 'bytes=9999-' });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${SAMPLE_PDF.length}`);
    expect((await get(`/documents/files/${pdfId}`, other.headers)).statusCode).toBe(404);
    expect((await get('/documents/files/not-a-uuid', owner.headers)).statusCode).toBe(400);
  });

  it('previews PDF and images inline and refuses other types with 415', async () => {
    const preview = await get(`/documents/files-preview/${pdfId}`, owner.headers);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="report.pdf"/);
    const docx = await upload(owner, 'letter.docx', buildDocx(['Hello']));
    expect(docx.json().content_type).toBe(DOCX_CONTENT_TYPE);
    const refused = await get(`/documents/files-preview/${docx.json().id}`, owner.headers);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe('Only PDF files and images can be previewed; download this file instead');
    expect((await get(`/documents/files-preview/${pdfId}`, other.headers)).statusCode).toBe(404);
  });

  it('deletes a file and its stored object; 400 bad id, 404 for another company', async () => {
    const created = (await upload(owner, 'gone.pdf', SAMPLE_PDF)).json();
    const [row] = await ctx.deps.db.select().from(files).where(eq(files.id, created.id));
    expect((await post('/documents/delete-file', { id: 'x' }, owner.headers)).statusCode).toBe(400);
    expect((await post('/documents/delete-file', { id: created.id }, other.headers)).statusCode).toBe(404);
    const deleted = await post('/documents/delete-file', { id: created.id }, owner.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('The file was deleted');
    expect(await ctx.deps.storage.head(row!.storageKey)).toBeNull();
    expect((await get(`/documents/list-file-by-id?id=${created.id}`, owner.headers)).statusCode).toBe(404);
  });
});

describe('local signed download links', () => {
  it('serves a signed link of local storage end to end and refuses altered or expired ones', async () => {
    const key = 'signed/some file ä.pdf';
    await ctx.deps.storage.put(key, SAMPLE_PDF, { contentType: 'application/pdf' });
    const url = new URL(await ctx.deps.storage.signedUrl(key, { expiresInSeconds: 60, fileName: 'Bericht ä.pdf' }));
    expect(url.pathname.startsWith('/files/')).toBe(true);
    const ok = await get(`${url.pathname}${url.search}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toBe(
      `attachment; filename="Bericht _.pdf"; filename*=UTF-8''Bericht%20%C3%A4.pdf`,
    );
    expect(ok.rawPayload.equals(SAMPLE_PDF)).toBe(true);

    const altered = new URL(url);
    altered.searchParams.set('filename', 'other.pdf');
    expect((await get(`${altered.pathname}${altered.search}`)).statusCode).toBe(403);
    const otherKey = `/files/${encodeURIComponent('signed/another.pdf')}${url.search}`;
    expect((await get(otherKey)).statusCode).toBe(403);
    const expired = new URL(url);
    expired.searchParams.set('expires', String(Math.floor(Date.now() / 1000) - 10));
    expect((await get(`${expired.pathname}${expired.search}`)).statusCode).toBe(403);

    await ctx.deps.storage.delete(key);
    expect((await get(`${url.pathname}${url.search}`)).statusCode).toBe(404);
  });
});

const FIVE_VARIABLES = [
  'Invoice {invoice_number} for {company_name}',
  'Dear {customer_name},',
  'the total of {total} is due on {due_date}.',
];
const VALUES = {
  invoice_number: 'RE-2026-0042',
  company_name: 'Zahnarztpraxis Müller',
  customer_name: 'Dr. Anna Müller',
  total: '1.234,56 EUR',
  due_date: '2026-12-31',
};

describe('document templates', () => {
  let staff: Session;
  let employeeA: Session;
  let employeeB: Session;
  let plain: Session;
  let templateId: string;

  const createTemplate = (session: Session | null, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return ctx.app.inject({
      method: 'POST',
      url: '/documents/create-template',
      payload: body.payload,
      headers: { ...body.headers, ...(session?.headers ?? {}) },
    });
  };

  beforeAll(async () => {
    staff = await signInAdmin();
    // Employees hold backoffice-document-template; outside the operator company they see their company only.
    employeeA = await signIn({ roles: ['employee'] });
    employeeB = await signIn({ roles: ['employee'] });
    plain = await signIn();
    const response = await createTemplate(employeeA, [
      { name: 'name', value: 'Invoice' },
      { name: 'description', value: 'The invoice letter' },
      { name: 'file', fileName: 'invoice.docx', content: buildDocx(FIVE_VARIABLES) },
    ]);
    expect(response.statusCode).toBe(201);
    templateId = response.json().id;
  });

  it('answers 403 without backoffice-document-template on every call', async () => {
    const calls = (headers: Record<string, string>) => [
      get('/documents/list-templates', headers),
      get(`/documents/list-template-by-id?id=${templateId}`, headers),
      ctx.app.inject({ method: 'POST', url: '/documents/create-template', headers, payload: {} }),
      post('/documents/update-template', { id: templateId, name: 'x' }, headers),
      post('/documents/delete-template', { id: templateId }, headers),
      post('/documents/get-template-variables', { id: templateId }, headers),
      post('/documents/process-template', { id: templateId }, headers),
    ];
    for (const response of await Promise.all(calls(plain.headers))) {
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
  });

  it('creates a template and lists its five variables', async () => {
    const shown = await get(`/documents/list-template-by-id?id=${templateId}`, employeeA.headers);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      name: 'Invoice',
      description: 'The invoice letter',
      file_name: 'invoice.docx',
      content_type: DOCX_CONTENT_TYPE,
      variables: ['invoice_number', 'company_name', 'customer_name', 'total', 'due_date'],
    });
    const variables = await post('/documents/get-template-variables', { id: templateId }, employeeA.headers);
    expect(variables.statusCode).toBe(200);
    expect(variables.json().variables).toEqual(Object.keys(VALUES));
    const list = await get('/documents/list-templates?search=invo', employeeA.headers);
    expect(list.json().data.map((t: { id: string }) => t.id)).toEqual([templateId]);
    expect((await get('/documents/list-files', employeeA.headers)).json().count).toBe(0);
  });

  it('lists loops and the tags inside them', async () => {
    const response = await createTemplate(staff, [
      { name: 'name', value: 'Items' },
      {
        name: 'file',
        fileName: 'items.docx',
        content: buildDocx(['{#items}{article} x {quantity}{/items}', '{total}']),
      },
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json().variables).toEqual(['items', 'items.article', 'items.quantity', 'total']);
  });

  it("answers 400 for missing fields and for template syntax errors, with docxtemplater's explanation", async () => {
    const missing = await createTemplate(staff, [{ name: 'description', value: 'no name, no file' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toMatchObject({
      name: ['The Name field is required'],
      file: ['The File field is required'],
    });
    const broken = await createTemplate(staff, [
      { name: 'name', value: 'Broken' },
      { name: 'file', fileName: 'broken.docx', content: buildDocx(['Hello {name', 'and {#loop} never closed']) },
    ]);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/^The template has errors: /);
    expect(broken.json().errors.file.join(' ')).toMatch(/tag|loop/i);
    const notDocx = await createTemplate(staff, [
      { name: 'name', value: 'Pdf' },
      { name: 'file', fileName: 'template.docx', content: SAMPLE_PDF, contentType: DOCX_CONTENT_TYPE },
    ]);
    expect(notDocx.statusCode).toBe(415);
    expect((await post('/documents/update-template', { id: templateId, name: '' }, staff.headers)).statusCode).toBe(
      400,
    );
    expect(
      (await post('/documents/process-template', { id: templateId, format: 'odt' }, staff.headers)).statusCode,
    ).toBe(400);
    expect((await post('/documents/get-template-variables', {}, staff.headers)).statusCode).toBe(400);
  });

  it('answers 404 for a template of another company on every call', async () => {
    const calls = [
      get(`/documents/list-template-by-id?id=${templateId}`, employeeB.headers),
      post('/documents/update-template', { id: templateId, name: 'Taken' }, employeeB.headers),
      post('/documents/delete-template', { id: templateId }, employeeB.headers),
      post('/documents/get-template-variables', { id: templateId }, employeeB.headers),
      post('/documents/process-template', { id: templateId, variables: VALUES }, employeeB.headers),
      get(`/documents/files/${templateId}`, employeeB.headers),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);
    expect((await get('/documents/list-templates', employeeB.headers)).json().count).toBe(0);
  });

  it('fills the template into a DOCX with the values', async () => {
    const response = await post(
      '/documents/process-template',
      { id: templateId, format: 'docx', variables: VALUES, file_name: 'RE-2026-0042' },
      employeeA.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(DOCX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toContain('filename="RE-2026-0042.docx"');
    expect(docxText(response.rawPayload)).toBe(
      [
        'Invoice RE-2026-0042 for Zahnarztpraxis Müller',
        'Dear Dr. Anna Müller,',
        'the total of 1.234,56 EUR is due on 2026-12-31.',
      ].join('\n'),
    );
  });

  it('renders tags that name Object internals as nothing', async () => {
    const created = await createTemplate(staff, [
      { name: 'name', value: 'Internals' },
      {
        name: 'file',
        fileName: 'x.docx',
        content: buildDocx(['[{constructor}][{__proto__}][{toString}][{a.constructor}]']),
      },
    ]);
    const response = await post(
      '/documents/process-template',
      { id: created.json().id, variables: { a: { b: 1 } } },
      staff.headers,
    );
    expect(response.statusCode).toBe(200);
    expect(docxText(response.rawPayload)).toBe('[][][][]');
  });

  it('fills the template into a PDF with LibreOffice (pdftotext shows the values)', async () => {
    const converter = createPdfConverter({ timeoutMs: 60_000 });
    const response = await post(
      '/documents/process-template',
      { id: templateId, format: 'pdf', variables: VALUES },
      employeeA.headers,
    );
    if (!(await converter.locate())) {
      // Without LibreOffice the answer names it (CI installs it, so this branch is the exception).
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(CONVERTER_MISSING_MESSAGE);
      return;
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('filename="Invoice.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'cuspid-pdf-'));
    try {
      await writeFile(path.join(dir, 'out.pdf'), response.rawPayload);
      const { stdout } = await run('pdftotext', ['-layout', path.join(dir, 'out.pdf'), '-']);
      for (const value of Object.values(VALUES)) expect(stdout).toContain(value);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('answers a clear 503 naming LibreOffice when the converter is missing', async () => {
    const converter = createPdfConverter({ sofficePath: '/nonexistent/soffice', timeoutMs: 1000 });
    expect(await converter.locate()).toBeNull();
    await expect(converter.convertDocx(buildDocx(['x']))).rejects.toMatchObject({
      status: 503,
      message: CONVERTER_MISSING_MESSAGE,
    });
  });

  it('updates and deletes a template with its stored object', async () => {
    const created = (
      await createTemplate(employeeA, [
        { name: 'name', value: 'Reminder' },
        { name: 'file', fileName: 'r.docx', content: buildDocx(['{level}']) },
      ])
    ).json();
    const updated = await post(
      '/documents/update-template',
      { id: created.id, name: 'First reminder', description: 'Level 1' },
      employeeA.headers,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'First reminder', description: 'Level 1', variables: ['level'] });
    const [row] = await ctx.deps.db.select().from(files).where(eq(files.id, created.id));
    // A template is not a plain file: /delete-file does not see it.
    expect((await post('/documents/delete-file', { id: created.id }, employeeA.headers)).statusCode).toBe(404);
    const deleted = await post('/documents/delete-template', { id: created.id }, employeeA.headers);
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.deps.storage.head(row!.storageKey)).toBeNull();
    expect((await get(`/documents/list-template-by-id?id=${created.id}`, employeeA.headers)).statusCode).toBe(404);
  });
});
