import { DOCUMENT_PERMISSION_CATALOGUE } from '@cuspid/contracts';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = DOCUMENT_PERMISSION_CATALOGUE;
