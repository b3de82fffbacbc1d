import { PERMISSION_RECORD_PERMISSION_CATALOGUE } from '@cuspid/contracts';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = PERMISSION_RECORD_PERMISSION_CATALOGUE;
