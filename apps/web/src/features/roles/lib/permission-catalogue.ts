import type { PermissionDefinition } from '@cuspid/contracts';

/**
 * The permission catalogue as the role editor knows it: each feature hands its area's entries (from its contracts
 * file) over in its `permissions.ts`; this glob gathers them, so no central list names every area's permissions.
 */
const featurePermissions = import.meta.glob<{ permissions: readonly PermissionDefinition[] }>(
  '../../*/permissions.ts',
  {
    eager: true,
  },
);

/** Every feature's permissions, with the feature that declared each (for the test that one feature does). */
export const declaredPermissions = Object.entries(featurePermissions).flatMap(([path, module]) =>
  module.permissions.map((permission) => ({ feature: path.split('/')[2] ?? path, permission })),
);

export const PERMISSION_CATALOGUE: readonly PermissionDefinition[] = declaredPermissions.map((p) => p.permission);

/** The permissions a role given on registration or open to self-registration may carry (ADR 0036). */
export const SELF_SERVICE_TITLES: readonly string[] = PERMISSION_CATALOGUE.filter((p) => p.selfService).map(
  (p) => p.title,
);
