import { type Case, lockLetsThrough } from '@cuspid/contracts/cases';
import { ADMIN_ROLE } from '@cuspid/contracts/permissions';
import { useSession } from '../../../lib/session';

/**
 * Whether the case's lock keeps the signed-in user from changing it (the server's rule, `lockLetsThrough`). The
 * page then offers no change the server would refuse.
 */
export function useForeignLock(item: Pick<Case, 'locked_by'> | undefined) {
  const tokenInfo = useSession()?.token_info;
  return !lockLetsThrough(item?.locked_by, {
    userId: tokenInfo?.user_id,
    admin: tokenInfo?.roles.includes(ADMIN_ROLE) ?? false,
  });
}
