import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/setup-app';

let ctx: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cuspid-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Cuspid</title><div id="root"></div>');
  await fs.writeFile(path.join(webDir, 'assets', 'app-1234.js'), 'console.info(1)');
  ctx = await createTestApp({
    SERVICES: 'auth,api,mail,documents,web',
    WEB_DIST_DIR: webDir,
    AUTH_BASE_URL: 'https://auth.example.com/auth',
  });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('process routes', () => {
  it('GET /health answers ok', async () => {
    expect((await get('/health')).json()).toEqual({ status: 'ok' });
  });

  it('GET /ready checks the database, the storage and the job queue', async () => {
    const response = await get('/ready');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: true, storage: true, jobs: true } });
  });

  it('each service answers its own health route under its base path', async () => {
    for (const service of ['auth', 'api', 'mail', 'documents']) {
      expect((await get(`/${service}/health`)).json()).toEqual({ status: 'ok', service });
    }
  });

  it('sends the security headers on every answer, errors included', async () => {
    for (const url of ['/health', '/api/case-lists', '/no-such-route']) {
      const { headers } = await get(url);
      expect(headers['content-security-policy'], url).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(headers['strict-transport-security'], url).toMatch(/^max-age=/);
    }
  });

  it('sends a request id back, and keeps the caller’s one', async () => {
    const response = await get('/health', { 'x-request-id': 'trace-42' });
    expect(response.headers['x-request-id']).toBe('trace-42');
  });
});

describe('GET /docs', () => {
  it('describes every route of the authentication service with its schema', async () => {
    const spec = (await get('/docs/json')).json();
    for (const route of [
      'login',
      'refresh-token',
      'create-user',
      'list-permissions',
      'profile',
      'update-profile',
      'change-password',
      'login/two-factor',
      'two-factor-status',
      'setup-two-factor',
      'enable-two-factor',
      'disable-two-factor',
      'regenerate-recovery-codes',
    ]) {
      expect(Object.keys(spec.paths)).toContain(`/auth/${route}`);
    }
    const login = spec.paths['/auth/login'].post;
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('mail');
    // A session, or (two-factor sign-in on) the challenge of the second step.
    const answers = login.responses['200'].content['application/json'].schema.anyOf;
    expect(answers.map((answer: { properties: object }) => Object.keys(answer.properties))).toEqual([
      expect.arrayContaining(['token', 'refresh_token', 'token_info']),
      ['two_factor_required', 'challenge', 'expires_in'],
    ]);
  });

  it('serves the API reference page', async () => {
    const response = await get('/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});

describe('the web app', () => {
  it('answers index.html for any page path (history mode)', async () => {
    for (const url of ['/', '/home', '/customers/123/edit?tab=units']) {
      const response = await get(url, { accept: 'text/html' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await get('/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('answers a JSON 404 for unknown service paths and missing files', async () => {
    for (const url of ['/api/no-such-call', '/auth/nothing', '/assets/missing.js']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('tells the app where each service lives', async () => {
    const response = await get('/runtime-config.js');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.body).toContain('"auth":"https://auth.example.com/auth"');
    expect(response.body).toContain('"api":"/api"');
  });
});

describe('a process that runs one service', () => {
  it('mounts only that service', async () => {
    const alone = await createTestApp({ SERVICES: 'auth' });
    try {
      expect((await alone.app.inject({ method: 'GET', url: '/auth/health' })).statusCode).toBe(200);
      const missing = await alone.app.inject({ method: 'GET', url: '/api/health' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('NOT_FOUND');
    } finally {
      await alone.close();
    }
  });
});
