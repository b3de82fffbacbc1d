import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, SAMPLE_PDF, SAMPLE_PNG } from '../../test/docx';
import { bearer, createTestAdmin, createTestApp, loginAs, type TestContext, type TestUser } from '../../test/setup-app';
import { routeTableOf } from './route-table';

/** Answers of the services hold a user's data, files or credentials: no browser or proxy may keep them. */
let ctx: TestContext;
let admin: TestUser;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createTestAdmin(ctx.deps);
  token = (await loginAs(ctx.app, admin.mail)).token;
});
afterAll(() => ctx?.close());

/** The route's path with each `:param` filled (an unknown id: the answer may be 404, it still must not be kept). */
const fill = (url: string, id: string) => url.replace(/:[A-Za-z_]+/g, id);

describe('Cache-Control: no-store', () => {
  it('is on every GET answer to a signed-in administrator, across the route table', async () => {
    // Streams that stay open (server-sent events) have tests of their own.
    const routes = routeTableOf(ctx.app).filter((r) => r.method === 'GET' && !r.stream);
    expect(routes.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const route of routes) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: fill(route.url, admin.companyId),
        headers: bearer(token),
      });
      if (response.headers['cache-control'] !== 'no-store') {
        missing.push(`${route.url} ${response.statusCode} ${response.headers['cache-control']}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('is on error answers of authenticated routes and on the sign-in answer', async () => {
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: '/api/companies' });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.headers['cache-control']).toBe('no-store');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: bearer(token),
      payload: { company_name: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['cache-control']).toBe('no-store');
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { mail: admin.mail, password: 'Test#Pass1' },
      remoteAddress: '10.9.8.7',
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('is on document downloads and previews, and on company logos', async () => {
    const body = multipart([{ name: 'file', fileName: 'a.pdf', content: SAMPLE_PDF }]);
    const uploaded = await ctx.app.inject({
      method: 'POST',
      url: '/documents/upload-file',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { id } = uploaded.json() as { id: string };
    for (const url of [`/documents/files/${id}`, `/documents/files-preview/${id}`]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }

    const logo = multipart([
      { name: 'company_id', value: admin.companyId },
      { name: 'file', fileName: 'logo.png', content: SAMPLE_PNG },
    ]);
    const stored = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload-company-logo',
      payload: logo.payload,
      headers: { ...logo.headers, ...bearer(token) },
    });
    expect(stored.statusCode, stored.body).toBeLessThan(300);
    const shown = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/${admin.companyId}/logo`,
      headers: bearer(token),
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
  });
});
