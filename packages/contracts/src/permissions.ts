/**
 * The permission catalogue: every permission the product names, with the scope that groups it.
 * A permission's `title` is what routes and calls name; `(scope, value)` is how a login answer
 * carries it (`token_info.permissions[scope]` lists values).
 */
export const PERMISSION_SCOPES = ['auth', 'backoffice'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

export type PermissionDefinition = {
  title: string;
  scope: PermissionScope;
  value: string;
  /** Display grouping in the role editor. */
  grouping: string;
  /**
   * A customer's own work (its cases, tickets, payments, referral links), safe on a role that anyone
   * can obtain without an administrator: a role given on registration or open to self-registration
   * (ADR 0036). Everything else (back-office areas, users, roles, permissions, API keys) is not.
   */
  selfService?: boolean;
};

const auth = (title: string, grouping: string): PermissionDefinition => ({
  title,
  scope: 'auth',
  value: title,
  grouping,
});
const backoffice = (value: string, grouping: string, selfService = false): PermissionDefinition => ({
  title: `backoffice-${value}`,
  scope: 'backoffice',
  value,
  grouping,
  ...(selfService ? { selfService } : {}),
});

export const PERMISSION_CATALOGUE = [
  auth('list-users', 'users'),
  auth('create-user', 'users'),
  auth('update-user', 'users'),
  auth('delete-user', 'users'),
  auth('list-roles', 'roles'),
  auth('create-role', 'roles'),
  auth('update-role', 'roles'),
  auth('delete-role', 'roles'),
  auth('list-permissions', 'permissions'),
  auth('create-permission', 'permissions'),
  auth('update-permission', 'permissions'),
  auth('delete-permission', 'permissions'),
  auth('list-groupings', 'permissions'),
  auth('list-api-tokens', 'api-keys'),
  auth('create-api-token', 'api-keys'),
  auth('update-api-token', 'api-keys'),
  auth('delete-api-token', 'api-keys'),
  backoffice('company', 'companies'),
  backoffice('unit', 'companies'),
  backoffice('global-configuration', 'configuration'),
  backoffice('settings', 'configuration'),
  backoffice('flag', 'configuration'),
  backoffice('invoice', 'billing'),
  backoffice('invoice-reminder-level', 'billing'),
  backoffice('payment-history', 'billing', true),
  backoffice('coupon-code', 'credits'),
  backoffice('package', 'credits'),
  // A company's credits: balance, history, redeeming coupons (ADR 0090); granting and correcting is staff work.
  backoffice('credit', 'credits', true),
  backoffice('grant-credit', 'credits'),
  backoffice('news', 'content'),
  backoffice('document-assignment', 'templates'),
  backoffice('document-template', 'templates'),
  backoffice('mail-template-assignment', 'templates'),
  backoffice('mail-template', 'templates'),
  backoffice('case-instance', 'cases', true),
  // Case actions, each narrowing the case permission (ADR 0102): a role may see cases without approving them.
  backoffice('case-instance-approve', 'cases', true),
  backoffice('case-instance-recalculate', 'cases', true),
  backoffice('case-instance-delete', 'cases', true),
  backoffice('case-instance-lock', 'cases', true),
  // Setting any status, flagging and hiding cases, changing result statuses: the back office's.
  backoffice('case-instance-status', 'cases'),
  // The scope of an external AI engine's API key: reports processing outcomes and saves results (ADR 0101).
  backoffice('case-engine', 'cases'),
  backoffice('ticket', 'support', true),
  backoffice('referral', 'referrals', true),
  backoffice('audit-log', 'audit'),
] as const satisfies readonly PermissionDefinition[];

export type PermissionTitle = (typeof PERMISSION_CATALOGUE)[number]['title'];

export const PERMISSION_TITLES = PERMISSION_CATALOGUE.map((p) => p.title) as PermissionTitle[];

export const ADMIN_ROLE = 'admin';

/** Titles a self-service role may carry (see `selfService`). */
export const SELF_SERVICE_PERMISSIONS: readonly string[] = PERMISSION_CATALOGUE.filter(
  (p: PermissionDefinition) => p.selfService,
).map((p) => p.title);

/**
 * The titles among `titles` that a role given on registration (or open to self-registration) must
 * not carry. A permission outside the catalogue counts as self-service only when it narrows one that
 * is (`backoffice-ticket-comment` under `backoffice-ticket`), because the web opens routes by prefix.
 */
export function notSelfService(titles: Iterable<string>): string[] {
  const catalogued = new Set<string>(PERMISSION_TITLES);
  return [...titles].filter(
    (title) =>
      !SELF_SERVICE_PERMISSIONS.some(
        (allowed) => title === allowed || (!catalogued.has(title) && title.startsWith(`${allowed}-`)),
      ),
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
