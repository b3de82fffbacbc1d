import { INVOICE_PERMISSION_CATALOGUE } from '@cuspid/contracts/invoices';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = INVOICE_PERMISSION_CATALOGUE;
