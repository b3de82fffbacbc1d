import { FLAG_PERMISSION_CATALOGUE } from '@cuspid/contracts/flags';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = FLAG_PERMISSION_CATALOGUE;
