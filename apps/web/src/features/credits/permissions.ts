import { CREDIT_PERMISSION_CATALOGUE } from '@cuspid/contracts/credits';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = CREDIT_PERMISSION_CATALOGUE;
