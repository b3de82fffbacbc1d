import { COUPON_PERMISSION } from '@cuspid/contracts/coupons';
import type { SearchProvider } from '../../lib/search-provider';
import * as repo from './coupons.repository';

/** Coupon codes in the global search, by code or description: for whoever may manage them. */
export const couponsSearch: SearchProvider = {
  area: 'coupon-codes',
  permission: COUPON_PERMISSION,
  async search(deps, _actor, term, limit) {
    const rows = await repo.searchCoupons(deps.db, term, limit);
    return rows.map((row) => ({
      id: row.id,
      title: row.code,
      ...(row.description ? { subtitle: row.description } : {}),
    }));
  },
};
