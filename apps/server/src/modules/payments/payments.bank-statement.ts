import { createHash } from 'node:crypto';
import { invoiceNumberFinder } from '@cuspid/contracts/invoices';
import { BANK_STATEMENT_MAX_LINES } from '@cuspid/contracts/payments';
import { parse } from 'csv-parse/sync';
import { CsvDecodeError, decodeCsv } from '../../lib/csv-decode';
import { AppError } from '../../lib/errors';

/**
 * Reading a bank statement exported as CSV (ADR 0106). Banks name their columns differently; the header is read
 * for the columns the matching needs, in the languages of the portal: the amount (required), the purpose line
 * (required: it carries the invoice number), and where present a transaction id, the booking date, the currency
 * and the payer. The delimiter is the header's most frequent of `;`, `,` and tab. Amounts are read with a comma or
 * a dot as decimal mark.
 */

export type StatementLine = {
  /** The line in the file (the header is line 1). */
  line: number;
  /** Cents; positive for money received. Null when the cell is not an amount. */
  amountCents: number | null;
  currency: string | null;
  purpose: string;
  payer: string | null;
  date: string | null;
  /** The bank's id of the transaction, or a fingerprint of the line when the statement has none. */
  reference: string;
  /** The invoice numbers the purpose names (as written). */
  numbers: string[];
};

const COLUMNS = {
  amount: ['amount', 'betrag', 'montant', 'importe', 'tutar', 'value', 'umsatz'],
  purpose: [
    'purpose',
    'reference',
    'remittance information',
    'description',
    'memo',
    'verwendungszweck',
    'buchungstext',
    'libellé',
    'libelle',
    'concepto',
    'açıklama',
    'aciklama',
  ],
  transactionId: ['transaction id', 'transaction', 'transaktions-id', 'transaktionsid', 'id', 'end-to-end-id'],
  date: ['date', 'booking date', 'value date', 'buchungstag', 'buchungsdatum', 'valuta', 'datum', 'fecha', 'tarih'],
  currency: ['currency', 'währung', 'waehrung', 'devise', 'moneda', 'para birimi'],
  payer: [
    'payer',
    'name',
    'counterparty',
    'auftraggeber',
    'zahlungspflichtiger',
    'beguenstigter/zahlungspflichtiger',
    'begünstigter/zahlungspflichtiger',
    'émetteur',
    'ordenante',
  ],
} as const;

const unreadable = (reason: string) =>
  new AppError('BANK_STATEMENT_UNREADABLE', {
    params: { reason },
    errors: { file: [`The bank statement could not be read: ${reason}`] },
  });

const normalise = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/\s*\(.*\)$/, '')
    .replace(/\s+/g, ' ');

function findColumn(header: string[], names: readonly string[]): number {
  const normalised = header.map(normalise);
  for (const name of names) {
    const index = normalised.indexOf(name);
    if (index !== -1) return index;
  }
  return -1;
}

function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  const counts = [';', ',', '\t'].map((d) => [d, first.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * An amount as banks write it, in cents: `1.234,56`, `1,234.56`, `-12,00`, `12.5`, `€ 99,00`. The last `.` or `,`
 * followed by one or two digits is the decimal mark; other marks group thousands. Null when it is no amount.
 */
export function parseAmount(cell: string): number | null {
  let text = cell.replace(/[\s\u00a0\u202f€$£]|EUR|CHF|USD|GBP|TRY/gi, '');
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-') || text.startsWith('−')) {
    sign = -sign;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (text.endsWith('-')) {
    sign = -sign;
    text = text.slice(0, -1);
  }
  if (!/^\d[\d.,']*$/.test(text)) return null;
  const decimal = /[.,](\d{1,2})$/.exec(text);
  const grouped = decimal ? text.slice(0, decimal.index) : text;
  // Marks inside the whole part group thousands: groups of three digits after the first.
  if (!/^\d+$/.test(grouped) && !/^\d{1,3}([.,']\d{3})+$/.test(grouped)) return null;
  const whole = grouped.replace(/[.,']/g, '');
  const cents = Number(whole) * 100 + (decimal ? Number(decimal[1]!.padEnd(2, '0')) : 0);
  return Number.isSafeInteger(cents) ? sign * cents : null;
}

/** Reads a statement's bytes into lines; refuses a file without the amount and purpose columns (400). */
export function readBankStatement(bytes: Uint8Array, numberPattern: string): StatementLine[] {
  let text: string;
  try {
    text = decodeCsv(bytes).text;
  } catch (error) {
    if (error instanceof CsvDecodeError) throw unreadable(error.message);
    throw error;
  }
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as string[][];
  } catch (error) {
    throw unreadable((error as Error).message);
  }
  const [header, ...body] = rows;
  if (!header) throw unreadable('the file is empty');
  const column = {
    amount: findColumn(header, COLUMNS.amount),
    purpose: findColumn(header, COLUMNS.purpose),
    transactionId: findColumn(header, COLUMNS.transactionId),
    date: findColumn(header, COLUMNS.date),
    currency: findColumn(header, COLUMNS.currency),
    payer: findColumn(header, COLUMNS.payer),
  };
  if (column.amount === -1) throw unreadable('no amount column (e.g. "Amount" or "Betrag")');
  if (column.purpose === -1) throw unreadable('no purpose column (e.g. "Purpose" or "Verwendungszweck")');
  if (body.length > BANK_STATEMENT_MAX_LINES)
    throw unreadable(`more than ${BANK_STATEMENT_MAX_LINES} lines; split the statement`);
  const finder = invoiceNumberFinder(numberPattern);
  const cell = (row: string[], index: number) => (index === -1 ? null : (row[index]?.trim() ?? null) || null);
  const seen = new Map<string, number>();
  return body.map((row, i) => {
    const purpose = cell(row, column.purpose) ?? '';
    const transactionId = cell(row, column.transactionId);
    const fingerprint = createHash('sha256').update(row.join('\u001f')).digest('base64url').slice(0, 32);
    const occurrence = (seen.get(fingerprint) ?? 0) + 1;
    seen.set(fingerprint, occurrence);
    return {
      line: i + 2,
      amountCents: parseAmount(cell(row, column.amount) ?? ''),
      currency: cell(row, column.currency)?.toUpperCase() ?? null,
      purpose,
      payer: cell(row, column.payer),
      date: cell(row, column.date),
      // Without a transaction id, the line's content identifies the transaction: a statement imported again, or
      // one overlapping an earlier one, finds its lines recorded; two equal lines in one file stay two.
      reference: transactionId ? `id:${transactionId}` : `line:${fingerprint}:${occurrence}`,
      numbers: [...new Set(purpose.match(finder) ?? [])],
    };
  });
}
