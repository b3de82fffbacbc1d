import type { Invoice } from '@cuspid/contracts/invoices';
import { formatMoney } from '../../lib/money';
import { renderPdf } from '../../lib/pdf';

/** What the PDF says of the seller (the operator company) and where to pay. */
export type InvoiceSeller = {
  companyName: string;
  addressLine1: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  vatId: string | null;
  /** The account to transfer to (IBAN and BIC); null when the operator has none, and then no transfer is asked for. */
  bank: { accountHolder: string | null; bankName: string | null; iban: string; bic: string } | null;
};

const LANGUAGE = 'en';
const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;

const titleOf = (invoice: Invoice) =>
  invoice.status === 'draft'
    ? 'Draft invoice'
    : `${invoice.type === 'credit-note' ? 'Credit note' : 'Invoice'} ${invoice.number}`;

const addressLines = (a: {
  addressLine1: string | null;
  addressLine2: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
}) =>
  [a.addressLine1, a.addressLine2, [a.zip, a.city].filter(Boolean).join(' '), a.country].filter(Boolean) as string[];

/**
 * An invoice as a PDF (A4, the standard Helvetica): the seller, the billing address as issued, number and dates,
 * the lines, the tax per rate, the totals, the reverse-charge note and the payment instructions (issue 16). Built
 * with pdfkit in a few milliseconds, without LibreOffice. Helvetica writes the Latin-1 letters and the euro sign;
 * other scripts need an embedded font (not yet).
 */
export function renderInvoicePdf(invoice: Invoice, seller: InvoiceSeller): Promise<Buffer> {
  return renderPdf(
    { size: 'A4', margin: MARGIN, info: { Title: titleOf(invoice), Author: seller.companyName } },
    (doc) => drawInvoice(doc, invoice, seller),
  );
}

function drawInvoice(doc: PDFKit.PDFDocument, invoice: Invoice, seller: InvoiceSeller): void {
  const money = (cents: number) => formatMoney(cents, invoice.currency, LANGUAGE);
  // Seller, top right; the billing address, left.
  doc.font('Helvetica-Bold').fontSize(12).text(seller.companyName, MARGIN, MARGIN, { width: WIDTH, align: 'right' });
  doc.font('Helvetica').fontSize(9);
  for (const line of addressLines(seller)) doc.text(line, { width: WIDTH, align: 'right' });
  if (seller.vatId) doc.text(`VAT ID ${seller.vatId}`, { width: WIDTH, align: 'right' });

  const billing = invoice.billing_address;
  doc.moveDown(2).fontSize(10).font('Helvetica-Bold').text(billing.company_name, MARGIN);
  doc.font('Helvetica');
  for (const line of addressLines({
    addressLine1: billing.address_line1,
    addressLine2: billing.address_line2,
    zip: billing.zip,
    city: billing.city,
    country: billing.country,
  }))
    doc.text(line);
  if (billing.vat_id) doc.text(`VAT ID ${billing.vat_id}`);

  doc.moveDown(2).font('Helvetica-Bold').fontSize(16).text(titleOf(invoice));
  doc.font('Helvetica').fontSize(10);
  if (invoice.invoice_date) doc.text(`Date: ${invoice.invoice_date}`);
  if (invoice.due_date && invoice.type === 'invoice') doc.text(`Due date: ${invoice.due_date}`);
  doc.moveDown();

  // Lines.
  const columns = [
    { title: 'Pos.', width: 30, align: 'left' as const },
    { title: 'Article', width: 70, align: 'left' as const },
    { title: 'Description', width: 160, align: 'left' as const },
    { title: 'Qty', width: 35, align: 'right' as const },
    { title: 'Unit price', width: 70, align: 'right' as const },
    { title: 'Tax', width: 45, align: 'right' as const },
    { title: 'Net', width: WIDTH - 410, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x, y, { width: column.width - 4, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    doc.x = MARGIN;
    doc.y = bottom + 4;
  };
  row(
    columns.map((c) => c.title),
    true,
  );
  for (const line of invoice.lines) {
    row([
      String(line.position),
      line.article_number ?? '',
      line.name,
      String(line.quantity),
      money(line.unit_price),
      `${(line.tax_rate / 100).toFixed(2)} %`,
      money(line.net),
    ]);
  }

  // Totals.
  doc.moveDown();
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(label, MARGIN, y, { width: WIDTH - 110, align: 'right' });
    doc.text(value, MARGIN + WIDTH - 100, y, { width: 100, align: 'right' });
    doc.x = MARGIN;
  };
  total('Net amount', money(invoice.net));
  for (const tax of invoice.taxes) {
    total(`VAT ${(tax.tax_rate / 100).toFixed(2)} % on ${money(tax.net)}`, money(tax.tax));
  }
  total('Total', money(invoice.total), true);

  doc.moveDown(2).font('Helvetica').fontSize(9);
  if (invoice.reverse_charge_note) doc.text(invoice.reverse_charge_note, MARGIN, doc.y, { width: WIDTH });
  // Never a request to transfer money without the account it goes to (an invoice paid by card may have none).
  const bank = seller.bank;
  if (bank && invoice.type === 'invoice' && invoice.status !== 'cancelled' && invoice.total > 0) {
    const by = invoice.due_date ? ` by ${invoice.due_date}` : '';
    const reference = invoice.number ? `, quoting ${invoice.number},` : '';
    doc
      .moveDown()
      .text(`Please transfer ${money(invoice.total)}${by}${reference} to:`, MARGIN, doc.y, { width: WIDTH })
      .text([bank.accountHolder ?? seller.companyName, bank.bankName].filter(Boolean).join(', '), { width: WIDTH })
      .text(`IBAN ${bank.iban}    BIC ${bank.bic}`, { width: WIDTH });
  }
  if (invoice.notes) doc.moveDown().text(invoice.notes, MARGIN, doc.y, { width: WIDTH });
}

/**
 * What a DOCX invoice template may use (docxtemplater tags): `{number}`, `{invoice_date}`, `{due_date}`, `{title}`,
 * the buyer `{company_name}`, `{address_lines}` (a list), `{vat_id}`, the lines `{#lines}{position} {article_number}
 * {name} {quantity} {unit_price} {tax_rate} {net}{/lines}`, `{#taxes}{rate} {net} {tax}{/taxes}`, `{net}`, `{tax}`,
 * `{total}`, `{reverse_charge_note}`, `{notes}`, the seller `{seller.company_name}` … `{seller.vat_id}` and the bank
 * `{bank.account_holder}`, `{bank.iban}`, `{bank.bic}`, `{bank.bank_name}`. Amounts come formatted.
 */
export function invoiceTemplateVariables(invoice: Invoice, seller: InvoiceSeller): Record<string, unknown> {
  const money = (cents: number) => formatMoney(cents, invoice.currency, LANGUAGE);
  const percent = (bp: number) => `${(bp / 100).toLocaleString(LANGUAGE, { maximumFractionDigits: 2 })} %`;
  const billing = invoice.billing_address;
  return {
    title: titleOf(invoice),
    number: invoice.number ?? '',
    type: invoice.type,
    invoice_date: invoice.invoice_date ?? '',
    due_date: invoice.due_date ?? '',
    company_name: billing.company_name,
    address_lines: addressLines({
      addressLine1: billing.address_line1,
      addressLine2: billing.address_line2,
      zip: billing.zip,
      city: billing.city,
      country: billing.country,
    }),
    vat_id: billing.vat_id ?? '',
    lines: invoice.lines.map((line) => ({
      position: line.position,
      article_number: line.article_number ?? '',
      name: line.name,
      quantity: line.quantity,
      unit_price: money(line.unit_price),
      tax_rate: percent(line.tax_rate),
      net: money(line.net),
    })),
    taxes: invoice.taxes.map((group) => ({
      rate: percent(group.tax_rate),
      net: money(group.net),
      tax: money(group.tax),
    })),
    net: money(invoice.net),
    tax: money(invoice.tax),
    total: money(invoice.total),
    reverse_charge_note: invoice.reverse_charge_note ?? '',
    notes: invoice.notes ?? '',
    seller: {
      company_name: seller.companyName,
      address_lines: addressLines(seller),
      vat_id: seller.vatId ?? '',
    },
    bank: {
      account_holder: seller.bank?.accountHolder ?? '',
      bank_name: seller.bank?.bankName ?? '',
      iban: seller.bank?.iban ?? '',
      bic: seller.bank?.bic ?? '',
    },
  };
}
