import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { loadGuards, mergedGuards } from '../../test/guards';
import { bearer, createTestAdmin, createTestApp, loginAs, type TestContext } from '../../test/setup-app';
import { type RouteEntry, routeTableOf } from './route-table';

/**
 * The "bad input" guard of every endpoint, generated from the route table: for each route that takes a
 * body or a query, one field gets a value of the wrong kind, and the answer must be 400 in the wire shape
 * naming that field, even for a caller who may do everything (the authorization matrix covers 401, 403,
 * 404 and 419; the property test covers "never 5xx"). A new route is covered without a new case.
 */

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

const jsonSchemaOf = (schema: ZodType): JsonSchema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The kinds a property accepts (through unions and nullables too). */
function kinds(property: JsonSchema): Set<string> {
  const out = new Set<string>();
  const visit = (s: JsonSchema) => {
    for (const t of [s.type ?? []].flat()) out.add(t);
    if (s.enum) out.add('enum');
    for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(branch);
  };
  visit(property);
  return out;
}

/** A JSON value no branch of the property accepts, or undefined when any value would do. */
function wrongBodyValue(property: JsonSchema): unknown {
  const accepted = kinds(property);
  if (!accepted.size) return undefined;
  if (!accepted.has('object')) return { unexpected: true };
  if (!accepted.has('array')) return ['unexpected'];
  if (!accepted.has('boolean') && !accepted.has('string')) return true;
  return undefined;
}

/** A query value (always text) that the property refuses, or undefined when any text would do. */
function wrongQueryValue(property: JsonSchema): string | undefined {
  const accepted = kinds(property);
  const format = property.format ?? property.anyOf?.find((b) => b.format)?.format;
  if (accepted.has('enum') || property.enum) return 'not-one-of-the-options';
  if (accepted.has('number') || accepted.has('integer')) return 'not-a-number';
  if (format === 'uuid') return 'not-a-uuid';
  if (format === 'date' || format === 'date-time') return 'not-a-date';
  if (accepted.has('boolean') && !accepted.has('string')) return 'not-a-boolean';
  if (property.maxLength !== undefined && property.maxLength < 2000) return 'x'.repeat(property.maxLength + 1);
  return undefined;
}

type Probe = { field: string; query?: string; body?: Record<string, unknown> };

/** One malformed request for the route, or undefined when it takes no input that can be wrong. */
function probeFor(route: RouteEntry): Probe | undefined {
  if (route.schema.body) {
    const schema = jsonSchemaOf(route.schema.body);
    const properties = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    const ordered = [...properties.filter(([k]) => required.has(k)), ...properties.filter(([k]) => !required.has(k))];
    for (const [field, property] of ordered) {
      const value = wrongBodyValue(property);
      if (value !== undefined) return { field, body: { [field]: value } };
    }
  }
  if (route.schema.querystring) {
    const schema = jsonSchemaOf(route.schema.querystring);
    for (const [field, property] of Object.entries(schema.properties ?? {})) {
      const value = wrongQueryValue(property);
      if (value !== undefined) return { field, query: `${field}=${encodeURIComponent(value)}` };
    }
  }
  return undefined;
}

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestApp();
  token = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

describe('every route refuses malformed input with 400 naming the field', () => {
  it('for every route of the route table that takes input', async () => {
    // Multipart uploads (no zod body): their field errors are tested with the route.
    const { multipart } = mergedGuards(await loadGuards());
    const routes = routeTableOf(ctx.app).filter((r) => !multipart.has(`${r.method} ${r.url}`));
    const failures: string[] = [];
    let checked = 0;
    let withoutInput = 0;
    for (const route of routes) {
      const probe = probeFor(route);
      if (!probe) {
        withoutInput++;
        continue;
      }
      checked++;
      const url = route.url.replace(/:[A-Za-z_]+/g, randomUUID()) + (probe.query ? `?${probe.query}` : '');
      const response = await ctx.app.inject({
        method: route.method as 'POST',
        url,
        headers: bearer(token),
        ...(probe.body ? { payload: probe.body } : {}),
      });
      const body = response.json() as { code?: string; errors?: Record<string, string[]>; requestId?: string };
      const named = Object.keys(body.errors ?? {}).some(
        (key) => key === probe.field || key.startsWith(`${probe.field}.`),
      );
      if (response.statusCode !== 400 || !body.code || !body.requestId || !named) {
        failures.push(
          `${route.method} ${route.url} (${probe.field}) → ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }
    console.info(
      `input guards: ${checked} routes refused malformed input; ${withoutInput} take no input that can be wrong`,
    );
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });

  it('would notice a route that accepts malformed input', async () => {
    const probe = probeFor({
      method: 'POST',
      url: '/x',
      auth: 'required',
      permission: [],
      schema: { body: z.object({ name: z.string(), count: z.number().optional() }) },
      hidden: false,
      stream: false,
      apiKeysOpen: false,
    } as RouteEntry);
    expect(probe).toEqual({ field: 'name', body: { name: { unexpected: true } } });
    expect(
      probeFor({
        method: 'GET',
        url: '/y',
        auth: 'required',
        permission: [],
        schema: { querystring: z.object({ page: z.coerce.number() }) },
        hidden: false,
        stream: false,
        apiKeysOpen: false,
      } as RouteEntry),
    ).toEqual({ field: 'page', query: 'page=not-a-number' });
  });
});
