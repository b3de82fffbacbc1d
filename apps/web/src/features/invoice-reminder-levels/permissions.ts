import { REMINDER_LEVEL_PERMISSION_CATALOGUE } from '@cuspid/contracts/reminder-levels';

/** The area's entries of the permission catalogue, for the role editor (the roles feature gathers them). */
export const permissions = REMINDER_LEVEL_PERMISSION_CATALOGUE;
