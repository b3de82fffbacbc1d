import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Deps } from '../src/deps';
import { bearer, type TestUser } from './setup-app';

/**
 * The guard table of one module (`src/modules/<area>/<area>.guards.ts`): what the generated guard
 * tests (the authorization matrix, 401/403/404/419 per route and caller; the input guards, 400 per
 * route) need to know of the module's routes that the route table cannot tell them. A route of the
 * module that is missing here fails the guard-table test, so a new route cannot go unguarded.
 */
export type ModuleGuards = {
  /**
   * Every route of the module (`METHOD /service/path`, as registered) with the kind of record its own
   * `id` or `ids` field names, or null when it takes neither.
   */
  routes: Record<string, string | null>;
  /** Other id fields that name a record of this module's kinds (field → kind, or by the route's url). */
  fields?: Record<string, string | ((url: string) => string | undefined)>;
  /** The record kinds the module owns, and how to make one for the tests. */
  records?: Record<string, RecordFixture>;
  /** Multipart routes (no zod body schema): a body that reaches their data layer, and the kinds it names. */
  multipart?: Record<string, { kinds: string[]; build(records: Readonly<Record<string, string>>): MultipartBody }>;
  /**
   * Routes that change settings of the whole portal: the generated-input test leaves them out on a
   * shared PostgreSQL database, where other test files run at the same time (PGlite gives each file its own).
   */
  sharedSettings?: string[];
  /** Generated values that would change what other test files see, overridden per route for the same reason. */
  sharedFields?: Record<string, Record<string, unknown>>;
  /**
   * GET routes that change data (the spec's `GET ticket/comments/remove-attachment/{id}`): the authorization
   * matrix does not repeat them as the administrator to confirm that a refused record exists, which would change it.
   */
  changingGets?: string[];
};

/** Every module's entries of one part of the guard tables, merged. */
export function mergedGuards(tables: ReadonlyMap<string, ModuleGuards>) {
  const all = [...tables.values()];
  return {
    multipart: new Set(all.flatMap((g) => Object.keys(g.multipart ?? {}))),
    sharedSettings: new Set(all.flatMap((g) => g.sharedSettings ?? [])),
    sharedFields: Object.assign({}, ...all.map((g) => g.sharedFields ?? {})) as Record<string, Record<string, unknown>>,
    changingGets: new Set(all.flatMap((g) => g.changingGets ?? [])),
  };
}

export type MultipartBody = { payload: Buffer; headers: Record<string, string> };

export type FixtureContext = {
  app: FastifyInstance;
  deps: Deps;
  /** The operator's administrator. */
  adminToken: string;
  post(url: string, payload: unknown, token: string): Promise<LightMyRequestResponse>;
  upload(url: string, body: MultipartBody, token: string): Promise<LightMyRequestResponse>;
  /** The id in a create answer (`{ id }` or `{ data: { id } }`), after checking it succeeded. */
  created(response: LightMyRequestResponse): string;
};

export type TenantContext = FixtureContext & {
  /** The company the record must belong to. */
  companyId: string;
  /** A user of that company holding every permission but the admin role, and its token. */
  member: TestUser;
  memberToken: string;
};

/**
 * `tenant`: a record of one company (a caller outside that company's reach must get 404 for it).
 * `global`: a record of no company (roles, permissions, mail templates, flag definitions): whoever
 * holds the permission reaches it. `late`: made after the other records of the company (an audit
 * entry needs something audited first).
 */
export type RecordFixture =
  | { scope: 'tenant'; late?: boolean; create(context: TenantContext): Promise<string> }
  | { scope: 'global'; create(context: FixtureContext): Promise<string> };

export const defineGuards = (guards: ModuleGuards) => guards;

const modulesDir = path.join(import.meta.dirname, '..', 'src', 'modules');

/** The guard table of every module folder, by module name. */
export async function loadGuards(): Promise<Map<string, ModuleGuards>> {
  const found = new Map<string, ModuleGuards>();
  for (const entry of fs.readdirSync(modulesDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const file = path.join(modulesDir, entry.name, `${entry.name}.guards.ts`);
    if (!fs.existsSync(file)) continue;
    const loaded = (await import(file)) as { guards?: ModuleGuards };
    if (!loaded.guards) throw new Error(`${file} exports no \`guards\``);
    found.set(entry.name, loaded.guards);
  }
  return found;
}

/** The helpers a fixture works with, for one app. */
export function fixtureContext(app: FastifyInstance, deps: Deps, adminToken: string): FixtureContext {
  return {
    app,
    deps,
    adminToken,
    post: (url, payload, token) =>
      app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(token) }),
    upload: (url, body, token) =>
      app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } }),
    created(response) {
      if (response.statusCode >= 300) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
      const json = response.json() as { id?: string; data?: { id: string } };
      const id = json.data?.id ?? json.id;
      if (!id) throw new Error(`create answered no id: ${response.body}`);
      return id;
    },
  };
}
