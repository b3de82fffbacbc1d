import { CASE_PERMISSION_CATALOGUE } from '@cuspid/contracts/cases';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = CASE_PERMISSION_CATALOGUE;
