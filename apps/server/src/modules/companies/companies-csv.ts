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

/**
 * Characters after which a spreadsheet may start a new cell: the separators of every locale (`,` and
 * `;`, tab, `|` of "other" separators) and line ends. A spreadsheet that reads the file with another
 * separator than ours, or ignores the quotes, starts a cell after any of them.
 */
const CELL_STARTS = ',;|\t\r\n';
/** What makes a cell a formula (`=`, `+`, `-`, `@` and their full-width forms), and what must be escaped with them. */
const FORMULA_STARTS = "=+\\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r'";
// Lookbehind, not a captured separator: a separator that itself needs an apostrophe (tab, CR) still
// counts as the start of the next cell.
const DEFUSE = new RegExp(`(?<=^|[${CELL_STARTS}])(?=[ ]*[${FORMULA_STARTS}])`, 'g');
const UNDEFUSE = new RegExp(`(?<=^|[${CELL_STARTS}])'(?=[ ]*[${FORMULA_STARTS}])`, 'g');

/**
 * Defuses formulas (ADR 0060): wherever a cell could start, at the beginning of the value or after any
 * separator or line end, an apostrophe goes before a formula character (spaces before it included), so no
 * spreadsheet in any locale runs it (`x;=1+2` becomes `x;'=1+2`). An apostrophe found there gets one
 * too, so {@link undefuseFormulas} takes exactly the added ones off and the import reads back exactly
 * what was exported.
 */
export const defuseFormulas = (text: string) => text.replace(DEFUSE, "'");

/** Undoes {@link defuseFormulas}. */
export const undefuseFormulas = (text: string) => text.replace(UNDEFUSE, '');

/**
 * One CSV cell: every text is quoted (RFC 4180, quotes doubled) and its formulas defused; booleans and
 * numbers are written as they are; null is an empty cell.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  return `"${defuseFormulas(value).replace(/"/g, '""')}"`;
}

export const csvLine = (cells: (string | number | boolean | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
