import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { compileErrors, validate } from '@readme/openapi-parser';
import openapiTS from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/setup-app';
import { DECLARED } from './declarations';
import { authorizationServerMetadata, operationIdOf } from './openapi';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
type Operation = { operationId?: string };
type Document = { openapi: string; paths: Record<string, Partial<Record<string, Operation>>> };

let ctx: TestContext;
let webDir: string;
let doc: Document;
beforeAll(async () => {
  // The web app is mounted too: its history-mode catch-all must not answer the well-known path.
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cuspid-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Cuspid</title><div id="root"></div>');
  ctx = await createTestApp({
    SERVICES: 'auth,api,mail,documents,web',
    WEB_DIST_DIR: webDir,
    PUBLIC_URL: 'https://portal.example.com/',
  });
  const response = await ctx.app.inject({ method: 'GET', url: '/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json();
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([url, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, url, operation: item[method] as Operation })),
  );

/** Every `$ref` in a JSON value, with where it stands. */
function refsOf(value: unknown, at = '#', found: { at: string; ref: string }[] = []) {
  if (Array.isArray(value)) {
    for (const [i, entry] of value.entries()) refsOf(entry, `${at}/${i}`, found);
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push({ at, ref: child });
      else refsOf(child, `${at}/${key}`, found);
    }
  }
  return found;
}

/** Follows a local JSON pointer (`#/components/schemas/X`); undefined when it leads nowhere. */
function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe('the OpenAPI document (/docs/json)', () => {
  it('describes every service operation (not a near-empty document)', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(operations().length).toBeGreaterThan(100);
  });

  it('validates as OpenAPI 3', async () => {
    // validate() dereferences the object it is given: hand it a copy.
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
  });

  it('has no $ref that leads nowhere', () => {
    const refs = refsOf(doc);
    expect(refs.length).toBeGreaterThan(0);
    const dangling = refs.filter(({ ref }) => resolvePointer(doc, ref) === undefined);
    expect(dangling).toEqual([]);
  });

  it('names every operation with a unique operationId built from its method and path', () => {
    const ids = operations().map(({ method, url, operation }) => {
      expect(operation.operationId, `${method.toUpperCase()} ${url}`).toBe(operationIdOf(method, url));
      return operation.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(['postAuthLogin', 'getApiCompanies', 'getApiCompaniesById']));
  });

  it('generates a typed client that compiles and knows the operations', async () => {
    const types = await openapiTS(structuredClone(doc) as never, {
      // openapi-typescript writes a schema whose array items are the schema itself (TemplateValue)
      // as `X[]` inside `components`, which TypeScript refuses (TS2502; openapi-typescript issue
      // 1603). The document is right; such an array is typed `unknown[]` in this client.
      // (Here a $ref already reads as the TypeScript path of its target.)
      transform: (schema, { path }) => {
        const self = `components["schemas"]["${path.replace('#/components/schemas/', '')}"]`;
        const { type, items } = schema as { type?: string; items?: { $ref?: string } };
        return type === 'array' && items?.$ref === self ? 'unknown[]' : undefined;
      },
    });
    expect(types).toMatch(/^ {4}TemplateValueInput: /m);
    for (const id of ['postAuthLogin', 'postAuthToken', 'getApiCompaniesById', 'postDocumentsProcessTemplate']) {
      expect(types).toMatch(new RegExp(`^ {2}${id}: \\{`, 'm'));
    }
    // The generated types are real TypeScript: calls typed against them compile, and a wrong body does not.
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cuspid-client-'));
    try {
      await fs.writeFile(path.join(dir, 'api.d.ts'), types);
      const use = (body: string) => `import type { operations } from './api';
type Body<K extends keyof operations> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Ok<K extends keyof operations> = operations[K]['responses'] extends { 200: { content: { 'application/json': infer R } } } ? R : never;
export const login: Body<'postAuthLogin'> = ${body};
export const process: Body<'postDocumentsProcessTemplate'> = { id: 'x', variables: { rows: [{ a: 1, b: [true, null] }] } };
export const token = (answer: Ok<'postAuthLogin'>) => ('token' in answer ? answer.token : answer.challenge);
`;
      await fs.writeFile(
        path.join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            strict: true,
            noEmit: true,
            module: 'esnext',
            moduleResolution: 'bundler',
            skipLibCheck: false,
          },
          files: ['use.ts'],
        }),
      );
      const tsc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.bin/tsc');
      const check = () =>
        promisify(execFile)(tsc, ['-p', dir]).then(
          () => 'compiles',
          (e: { stdout: string }) => e.stdout,
        );
      await fs.writeFile(path.join(dir, 'use.ts'), use("{ mail: 'a@b.example', password: 'secret' }"));
      expect(await check()).toBe('compiles');
      await fs.writeFile(path.join(dir, 'use.ts'), use("{ mail: 'a@b.example', pasword: 'secret' }"));
      expect(await check()).toMatch(/pasword/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /.well-known/oauth-authorization-server', () => {
  it('answers the metadata of the client-credentials token endpoint (RFC 8414), not the web app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.json()).toEqual({
      issuer: 'https://portal.example.com',
      token_endpoint: 'https://portal.example.com/auth/token',
      jwks_uri: 'https://portal.example.com/auth/jwks.json',
      grant_types_supported: ['client_credentials'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      response_types_supported: [],
      scopes_supported: DECLARED.permissions.map((p) => p.title),
      service_documentation: 'https://portal.example.com/docs',
    });
  });

  it('leaves every other well-known path to the 404 answer, not to the web app', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('points at the authentication service where it lives on another host', () => {
    const metadata = authorizationServerMetadata('https://portal.example.com', 'https://auth.example.com/auth/');
    expect(metadata.token_endpoint).toBe('https://auth.example.com/auth/token');
    expect(metadata.jwks_uri).toBe('https://auth.example.com/auth/jwks.json');
    expect(metadata.issuer).toBe('https://portal.example.com');
  });
});
