import { AUDIT_LOG_PERMISSION_CATALOGUE } from '@cuspid/contracts/audit';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = AUDIT_LOG_PERMISSION_CATALOGUE;
