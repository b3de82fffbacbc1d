import { CONTENT_PERMISSION_CATALOGUE } from '@cuspid/contracts/content';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = CONTENT_PERMISSION_CATALOGUE;
