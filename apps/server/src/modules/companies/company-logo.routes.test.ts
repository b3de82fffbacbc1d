import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_PNG } from '../../../test/docx';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  randomAddress,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { companies } from './companies.schema';

const MAX_LOGO = 4096;
let ctx: TestContext;
let adminToken: string;
let storageRoot: string;
beforeAll(async () => {
  ctx = await createTestApp({ COMPANY_LOGO_MAX_BYTES: String(MAX_LOGO) });
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  storageRoot = path.join(ctx.deps.config.dataDir, 'files', 'objects');
});
afterAll(() => ctx?.close());

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF-sample-jpeg-bytes')]);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0a7"/></svg>',
);

const upload = (token: string | undefined, parts: Parameters<typeof multipart>[0]) => {
  const body = multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload-company-logo',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    remoteAddress: randomAddress(),
  });
};
const uploadLogo = (token: string | undefined, companyId: string, fileName: string, content: Buffer) =>
  upload(token, [
    { name: 'company_id', value: companyId },
    { name: 'file', fileName, content },
  ]);
const { get, post } = requestsTo(() => ctx.app);
const deleteLogo = (token: string | undefined, payload: object) => post('/api/delete-company-logo', payload, token);
const getLogo = (token: string | undefined, companyId: string) => get(`/api/companies/${companyId}/logo`, token);

async function objectsOf(companyId: string): Promise<string[]> {
  const dir = path.join(storageRoot, 'companies', companyId);
  return (await readdir(dir).catch(() => [])).filter((name) => !name.startsWith('.'));
}
const logoKeyOf = async (companyId: string) =>
  (await ctx.deps.db.select({ key: companies.logoKey }).from(companies).where(eq(companies.id, companyId)))[0]?.key;

/** A partner (reseller) company with a user holding backoffice-company. */
async function partner() {
  const user = await createTestUser(ctx.deps, { roles: ['reseller'] });
  return { user, token: (await loginAs(ctx.app, user.mail)).token };
}

describe('company logos', () => {
  it('answers 401 without a session, before validation', async () => {
    const id = crypto.randomUUID();
    expect((await uploadLogo(undefined, id, 'logo.png', SAMPLE_PNG)).statusCode).toBe(401);
    expect((await deleteLogo(undefined, {})).statusCode).toBe(401);
    expect((await getLogo(undefined, id)).statusCode).toBe(401);
  });

  it('answers 403 without backoffice-company, and stores nothing', async () => {
    const user = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const { token } = await loginAs(ctx.app, user.mail);
    expect((await uploadLogo(token, user.companyId, 'logo.png', SAMPLE_PNG)).statusCode).toBe(403);
    expect((await deleteLogo(token, { company_id: user.companyId })).statusCode).toBe(403);
    expect(await objectsOf(user.companyId)).toEqual([]);
  });

  it('answers 400 for a missing file or company id, a bad id, a non-image and a PNG renamed .svg', async () => {
    const { user, token } = await partner();
    const noFile = await upload(token, [{ name: 'company_id', value: user.companyId }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.file).toEqual(['The File field is required']);
    const noId = await upload(token, [{ name: 'file', fileName: 'logo.png', content: SAMPLE_PNG }]);
    expect(noId.json().errors.company_id).toEqual(['This field is required']);
    expect((await uploadLogo(token, 'nope', 'logo.png', SAMPLE_PNG)).json().errors.company_id).toEqual([
      'The company id is not valid',
    ]);
    // Every problem of the form at once, each on its field.
    const nothing = await upload(token, [{ name: 'note', value: 'no id, no file' }]);
    expect(nothing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { company_id: ['This field is required'], file: ['The File field is required'] },
    });
    const json = await post('/api/upload-company-logo', { company_id: user.companyId }, token);
    expect(json.statusCode).toBe(400);
    const text = await uploadLogo(token, user.companyId, 'logo.png', Buffer.from('just some text'));
    expect(text.statusCode).toBe(400);
    expect(text.json().errors.file).toEqual(['The logo must be a PNG, JPEG or SVG image']);
    const renamed = await uploadLogo(token, user.companyId, 'logo.svg', SAMPLE_PNG);
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors.file).toEqual(['The file content does not match its file type']);
    const svgAsPng = await uploadLogo(token, user.companyId, 'logo.png', SVG);
    expect(svgAsPng.statusCode).toBe(400);
    const gif = await uploadLogo(token, user.companyId, 'logo.gif', Buffer.from('GIF89a-sample'));
    expect(gif.statusCode).toBe(400);
    const scriptOnly = await uploadLogo(token, user.companyId, 'x.svg', Buffer.from('<script>alert(1)</script>'));
    expect(scriptOnly.statusCode).toBe(400);
    expect((await deleteLogo(token, {})).statusCode).toBe(400);
    expect(await objectsOf(user.companyId)).toEqual([]);
    expect(await logoKeyOf(user.companyId)).toBeNull();
  });

  it("answers 404 for another company's logo (upload, delete, get) and stores nothing", async () => {
    const { token } = await partner();
    const stranger = await createTestUser(ctx.deps);
    await uploadLogo(adminToken, stranger.companyId, 'logo.png', SAMPLE_PNG);
    const up = await uploadLogo(token, stranger.companyId, 'logo.png', SAMPLE_PNG);
    expect(up.statusCode).toBe(404);
    expect(up.json().code).toBe('NOT_FOUND');
    expect((await deleteLogo(token, { company_id: stranger.companyId })).statusCode).toBe(404);
    expect((await getLogo(token, stranger.companyId)).statusCode).toBe(404);
    expect(await objectsOf(stranger.companyId)).toHaveLength(1);
    expect((await uploadLogo(adminToken, crypto.randomUUID(), 'logo.png', SAMPLE_PNG)).statusCode).toBe(404);
    // A user without backoffice-company sees only the own company's logo.
    const endUser = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const endToken = (await loginAs(ctx.app, endUser.mail)).token;
    expect((await getLogo(endToken, stranger.companyId)).statusCode).toBe(404);
    expect((await getLogo(endToken, endUser.companyId)).statusCode).toBe(404); // no logo yet
  });

  it('refuses a logo over the size limit with 413 and stores nothing', async () => {
    const { user, token } = await partner();
    const big = Buffer.concat([SAMPLE_PNG, Buffer.alloc(MAX_LOGO + 10, 7)]);
    const response = await uploadLogo(token, user.companyId, 'logo.png', big);
    expect(response.statusCode).toBe(413);
    expect(await objectsOf(user.companyId)).toEqual([]);
    expect(await logoKeyOf(user.companyId)).toBeNull();
  });

  it('stores a PNG under the company, serves it, replaces it with a JPEG (old object deleted) and deletes it', async () => {
    const { user, token } = await partner();
    const first = await uploadLogo(token, user.companyId, 'Logo.PNG', SAMPLE_PNG);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ id: user.companyId, has_logo: true });
    const firstKey = await logoKeyOf(user.companyId);
    expect(firstKey).toMatch(new RegExp(`^companies/${user.companyId}/logo-[0-9a-f-]+\\.png$`));
    const served = await getLogo(token, user.companyId);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(SAMPLE_PNG)).toBe(true);

    const second = await uploadLogo(token, user.companyId, 'logo.jpeg', JPEG);
    expect(second.statusCode).toBe(200);
    const secondKey = await logoKeyOf(user.companyId);
    expect(secondKey).toMatch(/\.jpg$/);
    expect(await objectsOf(user.companyId)).toEqual([path.basename(secondKey!)]);
    expect((await getLogo(token, user.companyId)).headers['content-type']).toBe('image/jpeg');
    // Every user of the company sees its logo.
    const colleague = await createTestUser(ctx.deps, { roles: ['end-user'], companyId: user.companyId });
    const colleagueToken = (await loginAs(ctx.app, colleague.mail)).token;
    expect((await getLogo(colleagueToken, user.companyId)).rawPayload.equals(JPEG)).toBe(true);
    // The back office sees every company's logo.
    expect((await getLogo(adminToken, user.companyId)).statusCode).toBe(200);

    const audit = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, user.companyId));
    expect(audit.filter((a) => a.entity === 'company' && a.action === 'update')).toHaveLength(2);

    const deleted = await deleteLogo(token, { company_id: user.companyId });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().has_logo).toBe(false);
    expect(await logoKeyOf(user.companyId)).toBeNull();
    expect(await objectsOf(user.companyId)).toEqual([]);
    expect((await getLogo(token, user.companyId)).statusCode).toBe(404);
    // Deleting again changes nothing.
    expect((await deleteLogo(token, { company_id: user.companyId })).statusCode).toBe(200);
  });

  it('stores an SVG without scripts, event handlers, foreignObject and external references, served under a strict CSP', async () => {
    const { user, token } = await partner();
    const hostile = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100" onload="alert(1)">
  <script type="text/javascript">alert('script')</script>
  <style>@import url(https://evil.example/x.css);</style>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs>
  <rect id="box" width="100" height="100" fill="url(#g)" onclick="alert(2)" ONMOUSEOVER="alert(3)"/>
  <circle cx="5" cy="5" r="4" fill="url(https://evil.example/p.svg#x)" style="fill: url('https://evil.example/y')"/>
  <use href="https://evil.example/sprite.svg#icon"/>
  <use xlink:href="javascript:alert(4)"/>
  <use href="#box" x="10"/>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <a href="javascript:alert(5)"><text x="1" y="9">Praxis &amp; Co</text></a>
  <foreignObject width="10" height="10"><div xmlns="http://www.w3.org/1999/xhtml">html<iframe src="https://evil.example"></iframe></div></foreignObject>
  <animate attributeName="href" to="javascript:alert(6)"/>
  <set attributeName="onclick" to="alert(7)"/>
  <path d="M0 0L10 10" stroke="#000" style="stroke-width: 2"/>
</svg>`);
    const response = await uploadLogo(token, user.companyId, 'logo.svg', hostile);
    expect(response.statusCode).toBe(200);
    const served = await getLogo(token, user.companyId);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const svg = served.body;
    for (const banned of [
      /<script/i,
      /alert/i,
      /\son[a-z]+=/i,
      /foreignObject/i,
      /evil\.example/i,
      /javascript:/i,
      /<style/i,
      /<image/i,
      /<a[\s>]/i,
      /<animate/i,
      /<set/i,
      /<iframe/i,
      /ENTITY/,
      /passwd/,
      /\shtml/,
    ]) {
      expect(svg).not.toMatch(banned);
    }
    // The drawing itself is kept.
    expect(svg).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<svg /);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('viewBox="0 0 100 100"');
    expect(svg).toContain('<linearGradient id="g">');
    expect(svg).toContain('fill="url(#g)"');
    expect(svg).toContain('<use href="#box" x="10">');
    expect(svg).toContain('<text x="1" y="9">Praxis &amp; Co</text>');
    expect(svg).toContain('<path d="M0 0L10 10" stroke="#000" style="stroke-width:2">');
    // The stored object is the sanitised one.
    const stored = await ctx.deps.storage.get((await logoKeyOf(user.companyId))!);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe(svg);
  });
});
