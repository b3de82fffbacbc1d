import { REGISTRATION_PERMISSION_CATALOGUE } from '@cuspid/contracts/companies';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = REGISTRATION_PERMISSION_CATALOGUE;
