import { PAYMENT_PERMISSION_CATALOGUE } from '@cuspid/contracts/payments';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = PAYMENT_PERMISSION_CATALOGUE;
