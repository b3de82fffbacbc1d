import type { PermissionDefinition, PermissionTitle } from '@cuspid/contracts';
import { type MailEvent, mailEventSchemas } from '@cuspid/contracts/mail';
import type { AnyMetric } from './metrics';

/** One language's version of a default mail template. */
export type MailSeedContent = { subject: string; body: string };

/** A variable a default mail template offers, with the example the preview shows. */
export type MailSeedVariable = { name: string; description: string; example: string };

/** A mail event an area sends, with the product's default template for it in English, German and French. */
export type MailDeclaration = {
  event: MailEvent;
  name: string;
  variables: MailSeedVariable[];
  contents: { en: MailSeedContent; de: MailSeedContent; fr: MailSeedContent };
};

/** How a route answers without a session: never asks for one, or uses one when given (ADR 0035). */
export type PublicMode = 'none' | 'optional';

/** A route that answers without a session (`'<METHOD> <service path>'`), with why it may. */
export type PublicRoute = { auth: PublicMode; why: string };

/** What areas add to the product's tables, by area (a `defineModule`'s name and declarations). */
export type Declaring = {
  name: string;
  mail?: readonly MailDeclaration[];
  permissions?: readonly PermissionDefinition<PermissionTitle>[];
  publicRoutes?: Readonly<Record<string, PublicRoute>>;
  auditKinds?: readonly string[];
  metrics?: readonly AnyMetric[];
};

/** The product's tables, assembled from every area's declarations in the module list's order. */
export type Declarations = {
  mail: readonly MailDeclaration[];
  /** The events of `mail`, in its order: what the mail routes accept. */
  mailEvents: readonly MailEvent[];
  /** The permission catalogue: the permissions the server seeds and enforces. */
  permissions: readonly PermissionDefinition<PermissionTitle>[];
  publicRoutes: Readonly<Record<string, PublicRoute>>;
  auditKinds: readonly string[];
  /** The dashboards' metrics, each named `<area>.<name>` after the area that declares it. */
  metrics: readonly AnyMetric[];
};

/**
 * Gathers the areas' declarations into the product's tables. Throws when two areas (or one, twice) declare the
 * same mail event, permission, public route, audit kind or metric, naming them: each belongs to exactly one area;
 * and when a metric's id is not `<its area's name>.<name>`, so that no two areas can name the same metric.
 */
export function gatherDeclarations(areas: readonly Declaring[]): Declarations {
  const owners = new Map<string, string>();
  const claim = (what: string, key: string, area: string) => {
    const owner = owners.get(`${what} ${key}`);
    if (owner === area) throw new Error(`The ${what} '${key}' is declared twice by '${area}'`);
    if (owner !== undefined) throw new Error(`The ${what} '${key}' is declared by both '${owner}' and '${area}'`);
    owners.set(`${what} ${key}`, area);
  };
  const publicRoutes: Record<string, PublicRoute> = {};
  for (const area of areas) {
    for (const mail of area.mail ?? []) claim('mail event', mail.event, area.name);
    for (const permission of area.permissions ?? []) claim('permission', permission.title, area.name);
    for (const [key, route] of Object.entries(area.publicRoutes ?? {})) {
      claim('public route', key, area.name);
      publicRoutes[key] = route;
    }
    for (const kind of area.auditKinds ?? []) claim('audit kind', kind, area.name);
    for (const metric of area.metrics ?? []) {
      if (!new RegExp(`^${area.name}\\.[a-z][a-z0-9-]*$`).test(metric.id))
        throw new Error(`The metric '${metric.id}' of '${area.name}' is not named '${area.name}.<name>'`);
      claim('metric', metric.id, area.name);
    }
  }
  const mail = areas.flatMap((area) => area.mail ?? []);
  return {
    mail,
    mailEvents: mail.map((m) => m.event),
    permissions: areas.flatMap((area) => area.permissions ?? []),
    publicRoutes,
    auditKinds: areas.flatMap((area) => area.auditKinds ?? []),
    metrics: areas.flatMap((area) => area.metrics ?? []),
  };
}

const mailSchemas = new WeakMap<Declarations, ReturnType<typeof mailEventSchemas>>();

/** The schemas of the mail routes over the declared events (made once per set of declarations). */
export function mailSchemasOf(declared: Declarations) {
  let schemas = mailSchemas.get(declared);
  if (!schemas) {
    schemas = mailEventSchemas(declared.mailEvents);
    mailSchemas.set(declared, schemas);
  }
  return schemas;
}
