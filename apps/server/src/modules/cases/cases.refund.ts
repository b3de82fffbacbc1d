import type { DbOrTx } from '../../db/client';
import { refundBooking } from '../credits';
import { type CaseChanger, logCase } from './cases.machine';
import * as repo from './cases.repository';

/** Gives back the credits of the processing now paid for (an unsupported or failed processing), once. */
export async function refundProcessing(tx: DbOrTx, row: repo.CaseRow, changer: CaseChanger): Promise<number> {
  if (!row.chargeBookingId) return 0;
  const booking = await refundBooking(tx, {
    companyId: row.companyId,
    bookingId: row.chargeBookingId,
    caseId: row.id,
    note: 'Processing did not succeed',
  });
  const credits = booking.entries.reduce((sum, e) => sum + e.amount, 0);
  await repo.updateCase(tx, row.id, {
    chargeBookingId: null,
    creditsSpent: Math.max(0, row.creditsSpent - credits),
  });
  await logCase(tx, row.id, changer, {
    kind: 'status',
    code: 'credits-refunded',
    params: { credits },
    details: { credits },
  });
  return credits;
}
