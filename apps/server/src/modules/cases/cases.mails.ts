import type { CaseStatus } from '@cuspid/contracts/cases';
import type { UserMailEvent } from '@cuspid/contracts/mail';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { userWantsMail } from '../account';
import { sendMail } from '../sent-mails';
import * as repo from './cases.repository';

/** The mail a case's creator gets when the case reaches a status: results to review, an end without them, a review. */
const STATUS_MAILS: Partial<Record<CaseStatus, UserMailEvent>> = {
  'in-approval': 'case.result-ready',
  unsupported: 'case.unsupported',
  failed: 'case.failed',
  approved: 'case.approved',
  rejected: 'case.rejected',
};

type CaseMailRow = Pick<repo.CaseRow, 'id' | 'name' | 'companyId' | 'createdBy'>;

/**
 * Queues the event's mail about a case, in the caller's transaction (nothing is sent for a rolled-back change).
 * To `to` when given (someone asked for it to go there), else to the case's creator unless the creator turned
 * the event off on the account page or `always` (a deliberate send, e.g. "Send approval mail"). Answers whether
 * a mail was queued.
 */
export async function mailAboutCase(
  deps: Pick<Deps, 'jobs' | 'config'>,
  tx: DbOrTx,
  row: CaseMailRow,
  event: UserMailEvent,
  options: { reason?: string | null; to?: string; always?: boolean } = {},
): Promise<boolean> {
  const creator = row.createdBy ? await repo.findUserContact(tx, row.createdBy, { live: true }) : undefined;
  if (!options.to && creator && !options.always && !(await userWantsMail(tx, row.createdBy!, event))) return false;
  const mail = options.to ?? creator?.mail;
  if (!mail) return false;
  await sendMail(deps, tx, {
    event,
    to: mail,
    language: creator?.language ?? 'en',
    companyId: row.companyId,
    variables: {
      first_name: creator?.firstName ?? '',
      case_name: row.name,
      case_url: `${deps.config.publicUrl}/my-cases/${row.id}/show`,
      reason: options.reason ?? '',
    },
  });
  return true;
}

/** The creator's mail for the status a case just reached (see STATUS_MAILS); none for other statuses. */
export async function mailStatusReached(
  deps: Pick<Deps, 'jobs' | 'config'>,
  tx: DbOrTx,
  row: CaseMailRow,
  status: CaseStatus,
  reason: string | null,
): Promise<void> {
  const event = STATUS_MAILS[status];
  if (event) await mailAboutCase(deps, tx, row, event, { reason });
}
