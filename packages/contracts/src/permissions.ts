/**
 * Permissions: each names a scope that groups it. A permission's `title` is what routes and calls name;
 * `(scope, value)` is how a login answer carries it (`token_info.permissions[scope]` lists values). The
 * catalogue is what the areas declare (see `PermissionTitles`).
 */
export const PERMISSION_SCOPES = ['auth', 'backoffice'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

export type PermissionDefinition<Title extends string = string> = {
  title: Title;
  scope: PermissionScope;
  value: string;
  /** Display grouping in the role editor. */
  grouping: string;
  /**
   * A customer's own work (what it does with its own records), safe on a role that anyone
   * can obtain without an administrator: a role given on registration or open to self-registration
   * (ADR 0036). Everything else (back-office areas, users, roles, permissions, API keys) is not.
   */
  selfService?: boolean;
};

/** A permission of the authentication service: its title is its value. */
export const authPermission = <const Title extends string>(title: Title, grouping: string) =>
  ({ title, scope: 'auth', value: title, grouping }) satisfies PermissionDefinition<Title>;

/** A permission of the back office: `backoffice-<value>`. */
export const backofficePermission = <const Value extends string>(
  value: Value,
  grouping: string,
  selfService = false,
): PermissionDefinition<`backoffice-${Value}`> => ({
  title: `backoffice-${value}`,
  scope: 'backoffice',
  value,
  grouping,
  ...(selfService ? { selfService } : {}),
});

/**
 * Every permission title the product names, one key each. There is no central list: each area's contracts
 * file declares its permissions (`<AREA>_PERMISSION_CATALOGUE`, which its server module hands to `defineModule`) and
 * adds their titles here by declaration merging:
 * `declare module './permissions' { interface PermissionTitles extends TitlesOf<typeof TICKET_PERMISSION_CATALOGUE> {} }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the areas' contracts files fill it (declaration merging)
export interface PermissionTitles {}

/** The titles of a list of permissions, as keys of `PermissionTitles`. */
export type TitlesOf<List extends readonly PermissionDefinition[]> = { [P in List[number] as P['title']]: true };

export type PermissionTitle = keyof PermissionTitles & string;

export const ADMIN_ROLE = 'admin';

/**
 * The titles among `titles` that a role given on registration (or open to self-registration) must
 * not carry, by the permission `catalogue`. A permission outside the catalogue counts as self-service
 * only when it narrows one that is (`backoffice-ticket-comment` under `backoffice-ticket`), because the
 * web opens routes by prefix.
 */
export function notSelfService(titles: Iterable<string>, catalogue: readonly PermissionDefinition[]): string[] {
  const catalogued = new Set(catalogue.map((p) => p.title));
  const selfService = catalogue.filter((p) => p.selfService).map((p) => p.title);
  return [...titles].filter(
    (title) =>
      !selfService.some((allowed) => title === allowed || (!catalogued.has(title) && title.startsWith(`${allowed}-`))),
  );
}

/** Permissions per scope, as carried by `token_info.permissions`. */
export type ScopedPermissions = Record<string, string[]>;

export type PermissionRef = { title: string; scope: string; value: string };

/** Turns per-scope values into titles by matching (scope, value) against a permission list. */
export function permissionTitlesFrom(scoped: ScopedPermissions, list: readonly PermissionRef[]): string[] {
  const titles: string[] = [];
  for (const p of list) {
    if (scoped[p.scope]?.includes(p.value)) titles.push(p.title);
  }
  return titles;
}

export type PermissionHolder = { roles: readonly string[]; permissions: readonly string[] };

/** The first check of the spec: holds the permission, or has the role admin. */
export function can(holder: PermissionHolder, permission: string): boolean {
  return holder.roles.includes(ADMIN_ROLE) || holder.permissions.includes(permission);
}

/** The second check of the spec: the permission itself, whatever the roles. */
export function hasPermission(holder: PermissionHolder, permission: string): boolean {
  return holder.permissions.includes(permission);
}

/**
 * Route access: admin passes all; otherwise the route's permission must be a prefix of one of
 * the user's permission titles (`backoffice-invoice` is opened by `backoffice-invoice-edit`). A route
 * naming a list opens to whoever passes for any one of them (ADR 0118).
 */
export function canOpenRoute(holder: PermissionHolder, permission: string | readonly string[] | undefined): boolean {
  if (permission === undefined) return true;
  const anyOf = typeof permission === 'string' ? [permission] : permission;
  if (anyOf.length === 0 || anyOf.some((one) => !one)) return true;
  if (holder.roles.includes(ADMIN_ROLE)) return true;
  return anyOf.some((one) => holder.permissions.some((title) => title.startsWith(one)));
}
