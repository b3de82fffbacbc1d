import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { VALIDATION_MESSAGES } from '@cuspid/contracts';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestAdmin, createTestApp, loginAs, type TestContext } from '../../test/setup-app';
import { openDatabase } from '../db/client';
import { errorHandlerPlugin, inputSqlState, isDatabaseUnavailable } from './error-handler';

/** Every error, from our services and from Fastify and Node themselves, has one shape (spec section 8). */
let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  const admin = await createTestAdmin(ctx.deps);
  token = (await loginAs(ctx.app, admin.mail)).token;
});
afterAll(() => ctx?.close());

function expectErrorShape(status: number, body: unknown, code: string) {
  expect(body, JSON.stringify(body)).toMatchObject({
    code,
    message: expect.any(String),
    requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
  });
  expect(Object.keys(body as object)).not.toContain('statusCode');
  expect(status).toBeGreaterThanOrEqual(400);
}

describe("Fastify's and Node's own errors", () => {
  let base: string;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  it('a 100,000-character URL answers 431 in the error shape', async () => {
    const response = await fetch(`${base}/api/companies?search=${'x'.repeat(100_000)}`);
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toContain('application/json');
    expectErrorShape(response.status, await response.json(), 'REQUEST_TOO_LARGE');
  });

  it('a huge header answers 431 in the error shape', async () => {
    const response = await fetch(`${base}/health`, { headers: { 'x-huge': 'y'.repeat(100_000) } });
    expect(response.status).toBe(431);
    expectErrorShape(response.status, await response.json(), 'REQUEST_TOO_LARGE');
  });

  it.each([
    ['an unknown route inside a service', 'GET', '/api/no-such-route'],
    ['an unknown method on a known path', 'DELETE', '/api/companies'],
    ['an unknown service', 'GET', '/nowhere'],
  ])('%s answers 404 in the error shape', async (_what, method, url) => {
    const response = await ctx.app.inject({ method: method as 'GET', url, headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expectErrorShape(404, response.json(), 'NOT_FOUND');
  });

  it("a path parameter over the router's length limit answers 414 in the error shape", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/companies/${'x'.repeat(500)}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(414);
    expectErrorShape(414, response.json(), 'URI_TOO_LONG');
  });

  it('a malformed URL component answers 400 in the error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/companies/%E0%A4%A', headers: bearer(token) });
    expect(response.statusCode).toBe(400);
    expectErrorShape(400, response.json(), 'BAD_REQUEST');
  });

  it('a body that is not JSON answers 400 in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"company_name": ',
    });
    expect(response.statusCode).toBe(400);
    expectErrorShape(400, response.json(), 'BAD_REQUEST');
  });

  it('a body over the limit answers 413 in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ company_name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expectErrorShape(413, response.json(), 'PAYLOAD_TOO_LARGE');
  });

  it('an unsupported content type answers 415 in the error shape', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { ...bearer(token), 'content-type': 'application/xml' },
      payload: '<company_name>x</company_name>',
    });
    expect(response.statusCode).toBe(415);
    expectErrorShape(415, response.json(), 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('POST /auth/token errors', () => {
  it('keep the OAuth fields and add the request id (wrong client)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      payload: { grant_type: 'client_credentials', client_id: 'ck_nobody', client_secret: 'wrong' },
    });
    expect(response.statusCode).toBe(401);
    expectErrorShape(401, response.json(), 'UNAUTHENTICATED');
    expect(response.json()).toMatchObject({ error: 'invalid_client', error_description: expect.any(String) });
  });

  it('answer a malformed request as invalid_request with the field errors and the request id', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/auth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'client_id=ck_x',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expectErrorShape(400, body, 'VALIDATION_FAILED');
    expect(body).toMatchObject({ error: 'invalid_request', error_description: body.message });
    expect(body.errors.grant_type).toEqual(['grant_type is required']);
  });
});

describe('values the database refuses (backstop behind the schemas)', () => {
  const nul = () => ctx.deps.db.execute(sql`select ${'a\u0000b'}::text as v`);
  const yearZero = () => ctx.deps.db.execute(sql`select ${'0000-01-01'}::date as v`);
  const hugeNumber = () => ctx.deps.db.execute(sql`select ${'1e400'}::numeric::integer as v`);

  it.each([
    ['a NUL character', nul],
    ['a date in year 0', yearZero],
    ['a number out of range', hugeNumber],
  ])(`are recognised as input errors on this driver: %s`, async (_what, run) => {
    const error = await run().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeDefined();
    expect(inputSqlState(error)).toMatch(/^(22|54)/);
  });

  it('does not take a connection failure or a unique violation for an input error', () => {
    expect(inputSqlState(Object.assign(new Error('x'), { code: 'EPIPE' }))).toBeUndefined();
    expect(inputSqlState(Object.assign(new Error('x'), { code: '23505' }))).toBeUndefined();
  });

  describe('through a route that passes a value unchecked', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = Fastify({ genReqId: () => randomUUID() });
      await app.register(errorHandlerPlugin);
      app.post('/raw', async (request) => {
        const { text } = request.body as { text: string };
        return ctx.deps.db.execute(sql`select ${text}::text as v`);
      });
      app.post('/date', async (request) => {
        const { date } = request.body as { date: string };
        return ctx.deps.db.execute(sql`select ${date}::timestamptz as v`);
      });
      app.post('/js-date', async (request) => {
        const { date } = request.body as { date: string };
        return ctx.deps.db.execute(sql`select ${new Date(date)}::timestamptz as v`);
      });
      app.get('/boom', async () => ctx.deps.db.execute(sql`select 1/0`));
    });
    afterAll(() => app?.close());

    it.each([
      ['/raw', { text: 'x\u0000' }],
      ['/date', { date: '0000-01-01T00:00:00Z' }],
      ['/date', { date: '2026-02-30' }],
      ['/js-date', { date: '+275760-09-14T00:00:00Z' }],
    ])('%s %j answers 400 VALIDATION_FAILED in the error shape', async (url, payload) => {
      const response = await app.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(400);
      expectErrorShape(400, response.json(), 'VALIDATION_FAILED');
      expect(response.json().errors).toEqual({ _: [VALIDATION_MESSAGES.valueNotStorable] });
    });

    it('while a fault of our own (division by zero) stays a 500', async () => {
      const response = await app.inject({ method: 'GET', url: '/boom' });
      expect(response.statusCode).toBe(500);
      expectErrorShape(500, response.json(), 'INTERNAL');
    });
  });
});

describe('a database out of reach', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
  it('is told apart from other errors, through the wrapper of the query', () => {
    expect(
      isDatabaseUnavailable(wrapped({ code: '57P01', message: 'terminating connection due to administrator command' })),
    ).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '08006', message: 'connection failure' }))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped({ code: '23505', message: 'duplicate key value' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
  });

  it('is what a pool says when the server does not answer, within its connect timeout', async () => {
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://nobody@127.0.0.1:1/none', poolSize: 1 });
    const started = Date.now();
    try {
      const error = await database.db.execute(sql`select 1`).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      await database.close();
    }
  });
});
