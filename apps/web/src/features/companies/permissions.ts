import { COMPANY_PERMISSION_CATALOGUE } from '@cuspid/contracts/companies';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = COMPANY_PERMISSION_CATALOGUE;
