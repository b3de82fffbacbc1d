import { NEWS_PERMISSION_CATALOGUE } from '@cuspid/contracts/news';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = NEWS_PERMISSION_CATALOGUE;
