import type { ErrorDeclarations, PermissionDefinition, PermissionTitle } from '@cuspid/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { SPEC_SERVICES } from '../config/env';
import type { Deps, JobDefinition } from '../deps';
import type { MailDeclaration, PublicRoute } from './declarations';
import type { Engine } from './engines';
import type { EventHandlers } from './events';
import type { AnyMetric } from './metrics';
import type { SearchProvider } from './search-provider';
import type { SettingsSection } from './settings';

/** A spec service a module's routes are mounted under. */
export type ServiceName = (typeof SPEC_SERVICES)[number];

/**
 * One business area of the server (`src/modules/<area>/`), as its `index.ts` exports it: the spec
 * service whose base path its routes are mounted under, the routes (a Fastify plugin, registered
 * encapsulated, so hooks and parsers it adds stay inside the module), its background jobs, and what it adds
 * to the product's tables (`lib/declarations.ts`): its mail events with their default templates, its
 * permissions, its public routes, its audit kinds and its dashboard metrics. The module list (`src/modules/index.ts`) is the only
 * central file a new area touches.
 */
export type ServerModule = {
  /** The folder name: one name per area in every layer (routes' tags, jobs' prefix, web feature). */
  name: string;
  service: ServiceName;
  routes?: FastifyPluginAsync<{ deps: Deps }>;
  jobs?: readonly JobDefinition<unknown>[];
  /** What the area contributes to the global search (the search module gathers them from the module list). */
  search?: readonly SearchProvider[];
  /**
   * The error codes the area declares (`defineErrors` in its contracts file), with their statuses and messages:
   * the server's table of codes is assembled from the module list.
   */
  errors?: ErrorDeclarations;
  /** Its reactions to other areas' domain events (ADR 0131), run inside the emitting transaction. */
  on?: EventHandlers<Deps>;
  /** The engines it brings (ADR 0132), each under its own id; a case names the one that processes it. */
  engines?: readonly Engine<Deps>[];
  /** Its section of the business settings (ADR 0133): key, zod schema, defaults; read with deps.settings.get(key). */
  settings?: SettingsSection;
  /** The mail events the area sends, each with its default templates (kept in `<area>.mail-seed.ts`). */
  mail?: readonly MailDeclaration[];
  /** The area's entries of the permission catalogue. */
  permissions?: readonly PermissionDefinition<PermissionTitle>[];
  /** The area's routes that answer without a session (`'<METHOD> <service path>'`), each with why. */
  publicRoutes?: Readonly<Record<string, PublicRoute>>;
  /** The kinds of record the area writes to the audit trail (kebab-case, singular). */
  auditKinds?: readonly string[];
  /** The figures it offers the dashboards (ADR 0136), each computed within the caller's scope (`<area>.metrics.ts`). */
  metrics?: readonly AnyMetric[];
};

export function defineModule<const M extends ServerModule>(module: M): M {
  return module;
}
