import type { Case } from '@cuspid/contracts/cases';
import { ADMIN_ROLE } from '@cuspid/contracts/permissions';
import { useSession } from '../../../lib/session';

/**
 * Whether the case's lock keeps the signed-in user from changing it: someone else holds it and the user is no
 * administrator (the server's rule, ADR 0102). The page then offers no change the server would refuse.
 */
export function useForeignLock(item: Pick<Case, 'locked_by'> | undefined) {
  const tokenInfo = useSession()?.token_info;
  if (!item?.locked_by) return false;
  if (!tokenInfo) return true;
  return item.locked_by !== tokenInfo.user_id && !tokenInfo.roles.includes(ADMIN_ROLE);
}
