import { UNIT_PERMISSION_CATALOGUE } from '@cuspid/contracts/companies';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = UNIT_PERMISSION_CATALOGUE;
