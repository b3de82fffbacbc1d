import {
  MAIL_TEMPLATE_ASSIGNMENT_PERMISSION_CATALOGUE,
  MAIL_TEMPLATE_PERMISSION_CATALOGUE,
} from '@cuspid/contracts/mail';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = [...MAIL_TEMPLATE_ASSIGNMENT_PERMISSION_CATALOGUE, ...MAIL_TEMPLATE_PERMISSION_CATALOGUE];
