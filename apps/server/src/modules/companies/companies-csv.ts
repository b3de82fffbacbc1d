import type { Company } from '@cuspid/contracts/companies';

export const COMPANY_CSV_COLUMNS: [string, (c: Company) => string | number | boolean | null][] = [
  ['id', (c) => c.id],
  ['company_number', (c) => c.company_number],
  ['company_name', (c) => c.company_name],
  ['vat_id', (c) => c.vat_id],
  ['country', (c) => c.country],
  ['address_line1', (c) => c.address_line1],
  ['address_line2', (c) => c.address_line2],
  ['zip', (c) => c.zip],
  ['city', (c) => c.city],
  ['invoice_email_address', (c) => c.invoice_email_address],
  ['warning_mail_address', (c) => c.warning_mail_address],
  ['apply_reverse_charge', (c) => c.apply_reverse_charge],
  ['external_order_number', (c) => c.external_order_number],
  ['contact_person', (c) => c.contact_person],
  ['reseller', (c) => c.reseller?.company_name ?? null],
  ['sales_partner', (c) => c.sales_partner?.company_name ?? null],
  ['service_partner', (c) => c.service_partner?.company_name ?? null],
  ['iban', (c) => (c.bank_accounts.find((a) => a.is_default) ?? c.bank_accounts[0])?.iban ?? null],
  // Labels are exported for reading (the import accepts and ignores them: ADR 0054).
  ['flag', (c) => c.flag?.name ?? null],
  ['tags', (c) => (c.tags?.length ? c.tags.map((t) => t.name).join('; ') : null)],
  ['created_at', (c) => c.created_at],
];

// The cell writing and formula defusing every CSV export shares (ADR 0060).
export { csvCell, csvLine, defuseFormulas, undefuseFormulas } from '../../lib/csv';
