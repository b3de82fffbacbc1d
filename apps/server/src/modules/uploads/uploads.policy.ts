import type { Policy } from '../../lib/authorize';
import type { UploadRow } from './uploads.repository';

/**
 * Reading an upload's record: its company (the user who starts a case may not be the one who uploaded),
 * and back-office staff (support). Another company's upload does not exist for the caller (404).
 */
export const readPolicy: Policy<UploadRow> = {
  see: (actor, row) => actor.isStaff || row.companyId === actor.companyId,
  allow: () => true,
};

/**
 * Sending bytes, resuming, completing or cancelling: only the user who started the upload, in their
 * company. Anyone else, staff included, finds no such upload (404): an upload in progress is one
 * browser's state, not a shared record.
 */
export const writePolicy: Policy<UploadRow> = {
  see: (actor, row) => row.companyId === actor.companyId && row.createdBy === actor.userId,
  allow: () => true,
};
