import type { InvoiceMailRecipients } from '@cuspid/contracts/invoices';
import type { DbOrTx } from '../../db/client';
import { invoiceMailAddressOf } from '../companies';
import { findCompanyOwners } from '../users';
import type { CompanyBilling } from './invoices.repository';

/** The language of a mail to a company's own address: the company has none of its own. */
const COMPANY_MAIL_LANGUAGE = 'en';

/**
 * Whom an issued invoice is mailed to (issue 29): the company's invoice address, else its warning address (the
 * addresses it named for invoice mails, ADR 0105), else its owners (findCompanyOwners: the users who buy its
 * credits, the registering user first), each in their contact language. Nobody when it has neither address nor owner.
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
