import { TICKET_PERMISSION_CATALOGUE } from '@cuspid/contracts/tickets';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = TICKET_PERMISSION_CATALOGUE;
