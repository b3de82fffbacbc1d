import type { Case } from '@cuspid/contracts/cases';
import { useSession } from '../../../lib/session';

/** Whether someone other than the signed-in user holds the lock on a case (it then cannot be edited). */
export function useForeignLock(item: Pick<Case, 'locked_by'> | undefined) {
  const userId = useSession()?.token_info.user_id;
  return Boolean(item?.locked_by && item.locked_by !== userId);
}
