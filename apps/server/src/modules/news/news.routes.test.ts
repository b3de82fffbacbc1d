import { randomUUID } from 'node:crypto';
import { NEWS_MESSAGES } from '@cuspid/contracts/news';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestMethod as Method,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { newsReads } from './news.schema';

let ctx: TestContext;
let adminToken: string;
let practice: { id: string; token: string };
let reseller: { id: string; token: string };
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  practice = await signedIn(['end-user']);
  reseller = await signedIn(['reseller']);
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);

async function signedIn(roles: string[]) {
  const user = await createTestUser(ctx.deps, { roles });
  return { id: user.id, token: (await loginAs(ctx.app, user.mail)).token };
}

const hour = 3_600_000;
const at = (offsetHours: number) => new Date(Date.now() + offsetHours * hour).toISOString();

async function createNews(fields: Record<string, unknown> = {}) {
  const response = await call('POST', '/api/news', adminToken, {
    subject: `News ${randomUUID().slice(0, 8)}`,
    language: 'en',
    body: '<p>Hello <strong>practices</strong></p>',
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const feed = async (token: string, query = 'language=en&per_page=100') => {
  const response = await call('GET', `/api/news-feed?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const idsOf = (page: { data: { id: string }[] }) => page.data.map((item) => item.id);

describe('news management (/api/news)', () => {
  it('answers 403 without backoffice-news', async () => {
    const id = randomUUID();
    const calls: [Method, string, unknown?][] = [
      ['GET', '/api/news'],
      ['POST', '/api/news', {}],
      ['GET', `/api/news/${id}`],
      ['PUT', `/api/news/${id}`, {}],
      ['DELETE', `/api/news/${id}`],
    ];
    for (const [method, url, body] of calls) {
      expect((await call(method, url, practice.token, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 400 with the field and its message for bad input', async () => {
    const post = (body: Record<string, unknown>) => call('POST', '/api/news', adminToken, body);
    const empty = await post({ subject: ' ', language: 'en', body: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.subject).toEqual([NEWS_MESSAGES.subject]);
    expect(empty.json().errors.body).toEqual([NEWS_MESSAGES.body]);
    expect((await post({ subject: 'A', language: 'xx', body: '<p>x</p>' })).json().errors.language).toBeDefined();
    // A body that holds nothing once sanitised is no text.
    const scriptOnly = await post({ subject: 'A', language: 'en', body: '<script>alert(1)</script>' });
    expect(scriptOnly.statusCode).toBe(400);
    expect(scriptOnly.json().errors.body).toEqual([NEWS_MESSAGES.body]);
    const unknownRole = await post({
      subject: 'A',
      language: 'en',
      body: '<p>x</p>',
      audience: { roles: ['no-such-role'], partner_types: [] },
    });
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().errors['audience.roles']).toEqual(['No role is called no-such-role']);
    const badType = await post({
      subject: 'A',
      language: 'en',
      body: '<p>x</p>',
      audience: { roles: [], partner_types: ['x'] },
    });
    expect(badType.statusCode).toBe(400);
    expect((await post({ subject: 'A', language: 'en', body: '<p>x</p>', publish_at: 'soon' })).statusCode).toBe(400);
    expect((await call('GET', '/api/news?status=nope', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/news/nope', adminToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/news-feed?language=xx', practice.token)).statusCode).toBe(400);
    expect((await call('POST', '/api/news-feed/nope/read', practice.token)).statusCode).toBe(400);
  });

  it('answers 404 for a news item that does not exist', async () => {
    const id = randomUUID();
    expect((await call('GET', `/api/news/${id}`, adminToken)).statusCode).toBe(404);
    expect((await call('PUT', `/api/news/${id}`, adminToken, { subject: 'X' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/news/${id}`, adminToken)).statusCode).toBe(404);
  });

  it('creates, reads, lists, updates and deletes news, with the body sanitised and the changes audited', async () => {
    const created = await createNews({
      subject: '  Maintenance window  ',
      language: 'de',
      body: '<h1>Wartung</h1><p onclick="x()">Am <em>Samstag</em> <a href="https://status.example" onmouseover="x()">Status</a></p><script>alert(1)</script>',
      publish_at: at(48),
      audience: { roles: ['reseller', 'reseller'], partner_types: ['end-user'] },
    });
    expect(created).toMatchObject({
      subject: 'Maintenance window',
      language: 'de',
      status: 'scheduled',
      reads: 0,
      audience: { roles: ['reseller'], partner_types: ['end-user'] },
      body: '<h2>Wartung</h2><p>Am <em>Samstag</em> <a href="https://status.example" rel="noopener noreferrer nofollow">Status</a></p>',
    });
    expect((await call('GET', `/api/news/${created.id}`, adminToken)).json()).toEqual(created);

    const list = await call('GET', `/api/news?search=${encodeURIComponent('maintenance win')}&language=de`, adminToken);
    expect(list.statusCode).toBe(200);
    expect(idsOf(list.json())).toContain(created.id);
    expect(idsOf((await call('GET', '/api/news?status=published&per_page=100', adminToken)).json())).not.toContain(
      created.id,
    );
    expect(idsOf((await call('GET', '/api/news?language=fr&per_page=100', adminToken)).json())).not.toContain(
      created.id,
    );

    const update = await call('PUT', `/api/news/${created.id}`, adminToken, {
      subject: 'Maintenance',
      publish_at: at(-1),
      body: '<p>Done <img src=x onerror=alert(1)></p>',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ subject: 'Maintenance', status: 'published', body: '<p>Done </p>' });
    expect(update.json().audience).toEqual(created.audience);

    const removed = await call('DELETE', `/api/news/${created.id}`, adminToken);
    expect(removed.json()).toEqual({ message: 'The news item was deleted' });
    expect((await call('GET', `/api/news/${created.id}`, adminToken)).statusCode).toBe(404);
    const audited = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audited.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('sorts the list by publish date, newest first by default', async () => {
    const older = await createNews({ language: 'pt', publish_at: at(-5) });
    const newer = await createNews({ language: 'pt', publish_at: at(-2) });
    const page = (await call('GET', '/api/news?language=pt&per_page=100', adminToken)).json();
    expect(idsOf(page).indexOf(newer.id)).toBeLessThan(idsOf(page).indexOf(older.id));
    const ascending = (await call('GET', '/api/news?language=pt&sort_dir=asc&per_page=100', adminToken)).json();
    expect(idsOf(ascending).indexOf(older.id)).toBeLessThan(idsOf(ascending).indexOf(newer.id));
  });
});

describe('XSS payloads in a news body', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<svg onload=alert(1)>',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="//evil.example">x</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<div onmouseover="alert(1)">x</div>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    '<form action="https://evil.example"><input name=x></form>',
    '<object data="x"></object><embed src="x">',
    '<p><a href="https://ok.example" target="_blank" onclick="alert(1)">ok</a></p>',
    '<style>@import "https://evil.example/x.css";</style>',
  ];

  it('keeps no script, event handler, style or foreign scheme', async () => {
    for (const payload of payloads) {
      const response = await call('POST', '/api/news', adminToken, {
        subject: 'XSS',
        language: 'en',
        body: `<p>text</p>${payload}`,
        audience: { roles: ['admin'], partner_types: [] },
      });
      expect(response.statusCode, payload).toBe(201);
      const body: string = response.json().body;
      expect(body, payload).not.toMatch(/<script|<style|<iframe|<svg|<img|<object|<embed|<form|<input|<math/i);
      expect(body, payload).not.toMatch(/\son\w+=|style=|javascript:|data:|href="\/\//i);
    }
  });

  it('keeps the formatting news may hold', async () => {
    const body =
      '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br /></p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote><pre><code>x = 1</code></pre><hr />' +
      '<p><a href="mailto:team@cuspid.example">mail</a> <a href="https://cuspid.example" target="_blank">site</a></p>';
    const created = await createNews({ body, audience: { roles: ['admin'], partner_types: [] } });
    expect(created.body).toBe(
      '<h2>Title</h2><h3>Sub</h3><h4>Small</h4><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code><br /></p>' +
        '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote><pre><code>x = 1</code></pre><hr />' +
        '<p><a href="mailto:team@cuspid.example" rel="noopener noreferrer nofollow">mail</a> ' +
        '<a href="https://cuspid.example" target="_blank" rel="noopener noreferrer nofollow">site</a></p>',
    );
  });
});

describe('the news feed (/api/news-feed)', () => {
  it('shows the published news meant for the caller in its language, newest first, with read markers', async () => {
    const forAll = await createNews({ language: 'fr', publish_at: at(-3) });
    const newest = await createNews({ language: 'fr', publish_at: at(-1) });
    const scheduled = await createNews({ language: 'fr', publish_at: at(5) });
    const german = await createNews({ language: 'de', publish_at: at(-1) });
    const forResellers = await createNews({
      language: 'fr',
      publish_at: at(-2),
      audience: { roles: ['reseller'], partner_types: [] },
    });
    const forEndUsers = await createNews({
      language: 'fr',
      publish_at: at(-2),
      audience: { roles: [], partner_types: ['end-user'] },
    });

    const practiceFeed = await feed(practice.token, 'language=fr&per_page=100');
    expect(practiceFeed.language).toBe('fr');
    const mine = idsOf(practiceFeed).filter((id) => [forAll, newest, forEndUsers].some((n) => n.id === id));
    expect(mine).toEqual([newest.id, forEndUsers.id, forAll.id]);
    expect(idsOf(practiceFeed)).not.toContain(scheduled.id);
    expect(idsOf(practiceFeed)).not.toContain(german.id);
    expect(idsOf(practiceFeed)).not.toContain(forResellers.id);
    expect(practiceFeed.data.every((item: { read_at: string | null }) => item.read_at === null)).toBe(true);
    expect(practiceFeed.unread).toBe(practiceFeed.total);

    const resellerFeed = await feed(reseller.token, 'language=fr&per_page=100');
    expect(idsOf(resellerFeed)).toContain(forResellers.id);
    expect(idsOf(resellerFeed)).not.toContain(forEndUsers.id);

    // The language comes from Accept-Language when the query names none.
    const byHeader = await ctx.app.inject({
      method: 'GET',
      url: '/api/news-feed?per_page=100',
      headers: { authorization: `Bearer ${practice.token}`, 'accept-language': 'fr-CH,fr;q=0.9' },
    });
    expect(byHeader.json().language).toBe('fr');
    expect(idsOf(byHeader.json())).toContain(newest.id);
  });

  it('falls back to the English news for a language without any', async () => {
    const english = await createNews({ language: 'en', publish_at: at(-1) });
    const page = await feed(practice.token, 'language=ja&per_page=100');
    expect(page.language).toBe('en');
    expect(idsOf(page)).toContain(english.id);
  });

  it('marks an item read for the caller only, and filters unread items', async () => {
    const item = await createNews({ language: 'es', publish_at: at(-1) });
    const other = await signedIn(['end-user']);
    const read = await call('POST', `/api/news-feed/${item.id}/read`, practice.token);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().read_at).not.toBeNull();
    // Reading again keeps the first reading.
    const again = await call('POST', `/api/news-feed/${item.id}/read`, practice.token);
    expect(again.json().read_at).toBe(read.json().read_at);

    const practiceFeed = await feed(practice.token, 'language=es&per_page=100');
    expect(practiceFeed.data.find((n: { id: string }) => n.id === item.id).read_at).toBe(read.json().read_at);
    expect(idsOf(await feed(practice.token, 'language=es&unread=true&per_page=100'))).not.toContain(item.id);
    const otherFeed = await feed(other.token, 'language=es&per_page=100');
    expect(otherFeed.data.find((n: { id: string }) => n.id === item.id).read_at).toBeNull();
    expect(idsOf(await feed(other.token, 'language=es&unread=true&per_page=100'))).toContain(item.id);
    expect((await call('GET', `/api/news/${item.id}`, adminToken)).json().reads).toBe(1);

    const one = await call('GET', `/api/news-feed/${item.id}`, practice.token);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: item.id, language: 'es', read_at: read.json().read_at });

    // Deleting the item removes its read markers.
    await call('DELETE', `/api/news/${item.id}`, adminToken);
    expect(await ctx.deps.db.select().from(newsReads).where(eq(newsReads.newsId, item.id))).toEqual([]);
  });

  it('answers 404 for an item outside the caller audience, a scheduled one, or one that does not exist', async () => {
    const forResellers = await createNews({ audience: { roles: ['reseller'], partner_types: [] } });
    const scheduled = await createNews({ publish_at: at(2) });
    for (const id of [forResellers.id, scheduled.id, randomUUID()]) {
      expect((await call('GET', `/api/news-feed/${id}`, practice.token)).statusCode, id).toBe(404);
      expect((await call('POST', `/api/news-feed/${id}/read`, practice.token)).statusCode, id).toBe(404);
    }
    expect((await call('GET', `/api/news-feed/${forResellers.id}`, reseller.token)).statusCode).toBe(200);
    // Nothing was marked for the refused reads.
    expect(await ctx.deps.db.select().from(newsReads).where(eq(newsReads.newsId, forResellers.id))).toEqual([]);
  });
});
