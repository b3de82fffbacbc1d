import type { InvoiceMailRecipients } from '@cuspid/contracts/invoices';
import { PURCHASE_PERMISSION } from '@cuspid/contracts/payments';
import type { DbOrTx } from '../../db/client';
import { invoiceMailAddressOf } from '../companies';
import { findCompanyUsersHolding } from '../roles';
import type { CompanyBilling } from './invoices.repository';

/** The language of a mail to a company's own address: the company has none of its own. */
const COMPANY_MAIL_LANGUAGE = 'en';
/** At most this many owners are mailed for a company (the oldest first). */
const OWNERS_MAX = 10;

/**
 * A company's owners: the users who run its account, to whom the invoice mail goes when it named no address for it.
 * They are its live, active users holding a role that grants buying credits for it (PURCHASE_PERMISSION), and so
 * paying its invoices: registration gives it to the registering user, the back office to whom it chooses. The oldest
 * first (the registering user before the ones added later), at most OWNERS_MAX.
 */
const findCompanyOwners = (db: DbOrTx, companyId: string) =>
  findCompanyUsersHolding(db, companyId, PURCHASE_PERMISSION, OWNERS_MAX);

/**
 * Whom an issued invoice is mailed to (issue 29): the company's invoice address, else its warning address (the
 * addresses it named for invoice mails, ADR 0105), else its owners, each in their contact language. Nobody when it
 * has neither address nor owner.
 */
export async function issuedInvoiceRecipients(
  db: DbOrTx,
  company: CompanyBilling,
): Promise<{ recipients: InvoiceMailRecipients | null; to: { mail: string; language: string }[] }> {
  const address = invoiceMailAddressOf(company);
  if (address) return { recipients: address.kind, to: [{ mail: address.address, language: COMPANY_MAIL_LANGUAGE }] };
  const owners = await findCompanyOwners(db, company.id);
  if (!owners.length) return { recipients: null, to: [] };
  return { recipients: 'owners', to: owners.map((o) => ({ mail: o.mail, language: o.contactLanguage })) };
}
