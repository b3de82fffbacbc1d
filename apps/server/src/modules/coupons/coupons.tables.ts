import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { couponCodes } from './coupons.schema';

// What other areas may ask of the coupons' tables (ADR 0130).

/** The code of the coupon `couponId` names, as a column of another area's list. */
export const couponCodeOf = (couponId: SQLWrapper): SQL<string | null> =>
  sql`(select c.code from ${couponCodes} c where c.id = ${couponId})`;
