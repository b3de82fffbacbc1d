import { PACKAGE_PERMISSION_CATALOGUE } from '@cuspid/contracts/packages';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = PACKAGE_PERMISSION_CATALOGUE;
