import { can, canOpenRoute, hasPermission, type PermissionHolder } from '@cuspid/contracts/permissions';
import { type ReactNode, useMemo } from 'react';
import { toPermissionHolder, useSession } from './session';

export function usePermissionHolder(): PermissionHolder {
  const session = useSession();
  return useMemo(() => toPermissionHolder(session), [session]);
}

/** The spec's two checks plus route access, bound to the signed-in user. Only shapes what is shown. */
export function useCan() {
  const holder = usePermissionHolder();
  return useMemo(
    () => ({
      /** Holds the permission, or has the role admin. */
      can: (permission: string) => can(holder, permission),
      /** Holds the permission itself, whatever the roles (actions even an admin must be granted). */
      hasPermission: (permission: string) => hasPermission(holder, permission),
      /** Route access; a list of permissions opens the route to the holders of any one of them. */
      canOpenRoute: (permission: string | readonly string[] | undefined) => canOpenRoute(holder, permission),
    }),
    [holder],
  );
}

type CanProps = {
  permission: string;
  /** Use the permissions-only check (admins need the permission too). */
  strict?: boolean;
  fallback?: ReactNode;
  children: ReactNode;
};

export function Can({ permission, strict = false, fallback = null, children }: CanProps) {
  const checks = useCan();
  const allowed = strict ? checks.hasPermission(permission) : checks.can(permission);
  return <>{allowed ? children : fallback}</>;
}
