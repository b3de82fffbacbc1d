import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { multipart, SAMPLE_PDF, SAMPLE_PNG } from '../../test/docx';
import { loadGuards, mergedGuards } from '../../test/guards';
import { bearer, createTestAdmin, createTestApp, createTestUser, loginAs } from '../../test/setup-app';
import { type RouteEntry, routeTableOf } from './route-table';

/**
 * Generated adversarial input for every route of the route table, signed in as an administrator:
 * strings with NUL, lone surrogates, 100,000 characters, RTL marks, emoji and SQL/LIKE metacharacters,
 * dates in year 0 or 275760, numbers out of range, wrong types; ids of real (throwaway) records where a
 * route takes ids. No answer may be a 5xx, and every error answer has the wire shape (spec section 8).
 *
 * Reproduce a failure with the printed seed: FC_SEED=<seed> npx vitest run --project server <this file>.
 */
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : Date.now() % 2 ** 31;
const RUNS = Number(process.env.FC_RUNS ?? 20);

const ctx = await createTestApp();
afterAll(() => ctx.close());
const admin = await createTestAdmin(ctx.deps);
let token = (await loginAs(ctx.app, admin.mail)).token;

// Throwaway records: routes that delete or change records get these, never the administrator's own.
type Kind =
  | 'company'
  | 'user'
  | 'note'
  | 'activity'
  | 'flag'
  | 'unit'
  | 'role'
  | 'permission'
  | 'apiKey'
  | 'file'
  | 'mailTemplate';
const ids: Record<Kind, string[]> = {
  company: [],
  user: [],
  note: [],
  activity: [],
  flag: [],
  unit: [],
  role: [],
  permission: [],
  apiKey: [],
  file: [],
  mailTemplate: [],
};

async function create(kind: Kind, url: string, payload: object, pick = (body: Record<string, unknown>) => body.id) {
  const response = await ctx.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  if (response.statusCode >= 300) throw new Error(`fixture ${url}: ${response.statusCode} ${response.body}`);
  ids[kind].push(String(pick(response.json())));
}

beforeAll(async () => {
  const tag = randomUUID().slice(0, 8);
  for (const n of [1, 2]) await create('company', '/api/companies', { company_name: `Throwaway ${n}`, country: 'DE' });
  const companyId = ids.company[0]!;
  for (let n = 0; n < 2; n++) ids.user.push((await createTestUser(ctx.deps, { companyId })).id);
  await create('note', '/api/customer-notes', { company_id: companyId, body: 'A note' });
  await create('activity', '/api/customer-activities', { company_id: companyId, type: 'call', subject: 'Call' });
  await create('flag', '/api/flags', { name: `flag-${tag}`, kind: 'flag' });
  await create('flag', '/api/flags', { name: `tag-${tag}`, kind: 'tag' });
  await create('unit', '/api/units', { company_id: companyId, name: 'Unit' });
  await create(
    'role',
    '/auth/create-role',
    { name: `throwaway-${tag}`, title: 'Throwaway' },
    (b) => (b.data as { id: string }).id,
  );
  await create(
    'permission',
    '/auth/create-permission',
    { title: `throwaway-${tag}`, value: `throwaway-${tag}`, scope: 'backoffice' },
    (b) => (b.data as { id: string }).id,
  );
  await create(
    'apiKey',
    '/auth/create-api-token',
    { name: 'Throwaway', scopes: ['list-users'] },
    (b) => (b.data as { id: string }).id,
  );
  await create('mailTemplate', '/mail/create-mail-template', {
    name: `Throwaway ${tag}`,
    contents: { en: { subject: 'Hello', body: '<p>Hello</p>' } },
  });
  const file = multipart([{ name: 'file', fileName: 'a.pdf', content: SAMPLE_PDF }]);
  const uploaded = await ctx.app.inject({
    method: 'POST',
    url: '/documents/upload-file',
    payload: file.payload,
    headers: { ...file.headers, ...bearer(token) },
  });
  ids.file.push(uploaded.json().id);
});

/** The kind of record an id names: by the field (`company_id`), or for `id` by the route's path. */
function kindOf(field: string, url: string): Kind | undefined {
  const name = field === 'id' || field === 'ids' ? url : field;
  const table: [RegExp, Kind][] = [
    [/note/, 'note'],
    [/activit/, 'activity'],
    [/flag|tag_id/, 'flag'],
    [/unit/, 'unit'],
    [/role/, 'role'],
    [/permission/, 'permission'],
    [/api-token/, 'apiKey'],
    [/mail-template|template_id/, 'mailTemplate'],
    [/file|template/, 'file'],
    [/user|owner|assignee|actor/, 'user'],
    [/compan|partner|reseller/, 'company'],
  ];
  return table.find(([pattern]) => pattern.test(name))?.[1];
}

// Adversarial values
const HUGE = 'x'.repeat(100_000);
const NUL_STRINGS = ['a\u0000b', '\u0000'];
const SURROGATE_STRINGS = ['\uD800', 'x\uDC00y'];
const ODD_STRINGS = ['\u202Eevil\u200F', '😀👍🏽🇩🇪', "'; drop table users; --", '%_\\%', '', '   ', 'null'];
const PLAUSIBLE_STRINGS = ['Acme', 'Müller & Söhne', '\u05E9\u05DC\u05D5\u05DD', '🦷 Zahn', "O'Brien %_", 'DE'];
const NASTY_DATES = [
  '0000-01-01',
  '9999-12-31',
  '275760-09-13',
  '+275760-09-13T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-02-30',
  'not a date',
  '2026-06-01T10:00:00Z',
  '2026-06-01',
];
/** Numbers past what integers, money and counts hold: fractions, 2^53+1, ±2^63, negative zero, a subnormal. */
const EXTREME_NUMBERS = [1.5, 2 ** 53 + 1, 2 ** 63, -(2 ** 63), -0, 5e-324];
const NASTY_NUMBERS = [0, -1, 2 ** 31, 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER, ...EXTREME_NUMBERS];
const WRONG_TYPES = fc.constantFrom<unknown>(null, 7, true, [], {}, ['a\u0000'], { $gt: '' });

const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NUL_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...SURROGATE_STRINGS) },
  { weight: 1, arbitrary: fc.constant(HUGE) },
  { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_DATES) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);
const anyString = fc.oneof(
  { weight: 1, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom(...PLAUSIBLE_STRINGS) },
);

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/**
 * 'mild': mostly valid values (real ids, plausible text) with an adversarial one here and there, so
 * that some get past validation into the service and the database; 'wild': mostly adversarial.
 */
type Mode = 'mild' | 'wild';
const mix = (mode: Mode, valid: fc.Arbitrary<unknown>, nasty: fc.Arbitrary<unknown>) =>
  mode === 'mild'
    ? fc.oneof({ weight: 6, arbitrary: valid }, { weight: 1, arbitrary: nasty })
    : fc.oneof({ weight: 1, arbitrary: valid }, { weight: 2, arbitrary: nasty });
const VALID_DATES = ['2026-06-01T10:00:00Z', '2026-06-01'];

/** Values for a zod schema (its input side), mostly adversarial, sometimes valid, sometimes the wrong type. */
function arbitraryFor(schema: ZodType, mode: Mode, field: string, url: string, depth = 0): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  const inner = (child: ZodType, key = field) => arbitraryFor(child, mode, key, url, depth + 1);
  const withWrongTypes = (a: fc.Arbitrary<unknown>) => (mode === 'mild' ? a : mix(mode, a, WRONG_TYPES));
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return arbitraryFor(def.innerType as ZodType, mode, field, url, depth);
    case 'pipe':
      return arbitraryFor(def.in as ZodType, mode, field, url, depth);
    case 'lazy':
      return depth > 2 ? mix(mode, anyString, nastyString) : inner((def.getter as () => ZodType)());
    case 'object': {
      const shape = def.shape as Record<string, ZodType>;
      const model = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, inner(value, key)]));
      // Keys the schema requires are always sent, so that a value gets past validation more often.
      const optional = new Set(['optional', 'default', 'prefault']);
      const requiredKeys = Object.keys(shape).filter((key) => !optional.has(defOf(shape[key]).type));
      return fc.record(model, { requiredKeys });
    }
    case 'array':
      return withWrongTypes(fc.array(inner(def.element as ZodType), { minLength: 1, maxLength: 3 }));
    case 'record':
      return fc.dictionary(
        mix(mode, fc.constantFrom('name', 'city', 'items'), nastyString) as fc.Arbitrary<string>,
        inner(def.valueType as ZodType),
        { maxKeys: 3 },
      );
    case 'union':
      return fc.oneof(...(def.options as ZodType[]).map((o) => inner(o)));
    case 'enum':
      return withWrongTypes(mix(mode, fc.constantFrom(...Object.values(def.entries as object)), nastyString));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'boolean':
      return withWrongTypes(fc.boolean());
    case 'number':
      return withWrongTypes(mix(mode, fc.integer({ min: 1, max: 50 }), fc.constantFrom(...NASTY_NUMBERS)));
    case 'string': {
      const format = def.format as string | undefined;
      if (format === 'uuid' || format === 'guid') {
        const kind = kindOf(field, url);
        const valid = kind && ids[kind].length ? fc.constantFrom(...ids[kind]) : fc.uuid();
        return mix(mode, valid, fc.oneof(fc.uuid(), nastyString));
      }
      if (format === 'datetime' || format === 'date') {
        return mix(mode, fc.constantFrom(...VALID_DATES), fc.constantFrom(...NASTY_DATES));
      }
      if (format === 'email') return mix(mode, fc.constant(`p-${randomUUID()}@test.cuspid.local`), nastyString);
      return withWrongTypes(mix(mode, fc.constantFrom(...PLAUSIBLE_STRINGS), nastyString));
    }
    default:
      return withWrongTypes(mix(mode, anyString, nastyString));
  }
}

/**
 * Percent-encodes text for a URL. A lone surrogate (which encodeURIComponent refuses and URLSearchParams
 * turns into U+FFFD) is sent as the three bytes a careless client would send (WTF-8), to reach the server.
 */
function encodeAny(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Query strings and path parameters travel as text: every value becomes a string (arrays repeat the key). */
function toQuery(values: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const text = typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item);
      pairs.push(`${encodeAny(key)}=${encodeAny(text)}`);
    }
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

const objectArbitrary = (schema: ZodType | undefined, mode: Mode, url: string) =>
  (schema ? arbitraryFor(schema, mode, '', url) : fc.constant({})) as fc.Arbitrary<Record<string, unknown>>;

/** Multipart routes (no body schema): adversarial text fields and file names around a small real file. */
const multipartArbitrary = fc.record({
  fields: fc.dictionary(fc.constantFrom('name', 'description', 'company_id', 'note'), nastyString, { maxKeys: 3 }),
  fileName: nastyString,
  content: fc.constantFrom(SAMPLE_PDF, SAMPLE_PNG, Buffer.from('company_name;country\nA\u0000B;DE\n'), Buffer.alloc(0)),
  withFile: fc.boolean(),
});
// From the modules' guard tables: multipart routes (no body schema), and the routes and fields that
// change what other test files see (see test/guards.ts).
const {
  multipart: MULTIPART_ROUTES,
  sharedSettings: SHARED_SETTINGS,
  sharedFields: SHARED_FIELDS,
} = mergedGuards(await loadGuards());

function expectWireShape(route: string, response: LightMyRequestResponse) {
  const where = `${route} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const body = response.json() as Record<string, unknown>;
  expect(body, where).toMatchObject({
    code: expect.any(String),
    message: expect.any(String),
    requestId: expect.any(String),
  });
  if (body.errors !== undefined) {
    expect(typeof body.errors, where).toBe('object');
    for (const messages of Object.values(body.errors as object)) {
      expect(messages, where).toEqual(expect.arrayContaining([expect.any(String)]));
    }
  }
}

const routes = routeTableOf(ctx.app).filter(
  (r) => !r.stream && !(process.env.DATABASE_URL && SHARED_SETTINGS.has(`${r.method} ${r.url}`)),
);

describe(`generated input never answers 5xx (seed ${SEED}, ${RUNS} runs per route)`, () => {
  it('covers the route table', () => {
    expect(routes.length).toBeGreaterThan(100);
  });

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as [string, RouteEntry]))('%s', async (name, route) => {
    const inputOf = (mode: Mode) =>
      fc.record({
        params: objectArbitrary(route.schema.params, mode, route.url),
        query: objectArbitrary(route.schema.querystring, mode, route.url),
        body: objectArbitrary(route.schema.body, mode, route.url),
        upload: multipartArbitrary,
      });
    const input = fc.oneof({ weight: 3, arbitrary: inputOf('mild') }, { weight: 1, arbitrary: inputOf('wild') });
    const property = fc.asyncProperty(input, async ({ params, query, body, upload }) => {
      const url = route.url.replace(/:([A-Za-z_]+)/g, (_m, key: string) =>
        encodeAny(String(params[key] ?? randomUUID())),
      );
      const request = { method: route.method as 'GET', url: `${url}${toQuery(query)}`, headers: bearer(token) };
      let response: LightMyRequestResponse;
      if (MULTIPART_ROUTES.has(name)) {
        const parts = Object.entries(upload.fields).map(([key, value]) => ({ name: key, value }));
        const file = upload.withFile ? [{ name: 'file', fileName: upload.fileName, content: upload.content }] : [];
        const form = multipart([...parts, ...file]);
        response = await ctx.app.inject({
          ...request,
          payload: form.payload,
          headers: { ...request.headers, ...form.headers },
        });
      } else if (route.method === 'GET' || route.method === 'DELETE') {
        response = await ctx.app.inject(request);
      } else {
        response = await ctx.app.inject({ ...request, payload: { ...body, ...SHARED_FIELDS[name] } });
      }
      expectWireShape(name, response);
      if (route.auth !== 'none') expect(response.headers['cache-control'], name).toBe('no-store');
      // A generated call may end the administrator's session (e.g. signing out): sign in again.
      if (response.statusCode === 401 || response.statusCode === 419)
        token = (await loginAs(ctx.app, admin.mail)).token;
    });
    try {
      await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    } catch (error) {
      console.error(`${name}: reproduce with FC_SEED=${SEED}`);
      throw error;
    }
  });
});

/**
 * Deeply nested JSON (10,000 arrays or objects inside each other) and numeric extremes in every field of every
 * route, and a deeply nested file to every multipart route: deterministic, so the class is covered on every run,
 * not only when the generator draws it. JSON.stringify cannot write 10,000 levels either, so bodies are written as
 * text. (Signed provider payloads with such values: payments.webhook tests.)
 */
describe('deeply nested and extreme numeric input never answers 5xx', () => {
  const DEPTH = 10_000;
  const deepArray = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
  const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
  const values: [string, string][] = [
    ['10,000 nested arrays', deepArray],
    ['10,000 nested objects', deepObject],
    ...EXTREME_NUMBERS.map((n): [string, string] => [String(n), Object.is(n, -0) ? '-0' : JSON.stringify(n)]),
    ['2^63 written out', '9223372036854775808'],
    ['1e400', '1e400'],
  ];
  const keysOf = (schema: ZodType | undefined): string[] =>
    schema && defOf(schema).type === 'object' ? Object.keys(defOf(schema).shape as object) : [];

  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as [string, RouteEntry]))('%s', async (name, route) => {
    const url = route.url.replace(/:([A-Za-z_]+)/g, () => randomUUID());
    for (const [label, text] of values) {
      let response: LightMyRequestResponse;
      if (MULTIPART_ROUTES.has(name)) {
        const form = multipart([{ name: 'file', fileName: 'teeth.json', content: Buffer.from(text) }]);
        response = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          payload: form.payload,
          headers: { ...bearer(token), ...form.headers },
        });
      } else if (route.method === 'GET' || route.method === 'DELETE') {
        const keys = keysOf(route.schema.querystring);
        const query = keys.map((key) => `${encodeURIComponent(key)}=${encodeURIComponent(text)}`).join('&');
        response = await ctx.app.inject({
          method: route.method as 'GET',
          url: query ? `${url}?${query}` : url,
          headers: bearer(token),
        });
      } else {
        const keys = keysOf(route.schema.body).filter((key) => !(key in (SHARED_FIELDS[name] ?? {})));
        const fields = [...keys.map((key) => `${JSON.stringify(key)}:${text}`)];
        for (const [key, value] of Object.entries(SHARED_FIELDS[name] ?? {}))
          fields.push(`${JSON.stringify(key)}:${JSON.stringify(value)}`);
        response = await ctx.app.inject({
          method: route.method as 'POST',
          url,
          payload: keys.length ? `{${fields.join(',')}}` : text,
          headers: { ...bearer(token), 'content-type': 'application/json' },
        });
      }
      expectWireShape(`${name} (${label})`, response);
      if (response.statusCode === 401 || response.statusCode === 419)
        token = (await loginAs(ctx.app, admin.mail)).token;
    }
  });
});
