import type { Payment } from '@cuspid/contracts/payments';
import { formatMoney } from '../../lib/money';
import { renderPdf } from '../../lib/pdf';

const LANGUAGE = 'en';
const MARGIN = 40;
const PAGE = { width: 841.89, height: 595.28 };
const WIDTH = PAGE.width - 2 * MARGIN;
/** Date, invoice, company, method, reference, status, amount: widths in points. */
const COLUMNS = [
  ['Date', 70],
  ['Invoice', 80],
  ['Company', 200],
  ['Method', 80],
  ['Reference', 170],
  ['Status', 60],
  ['Amount', WIDTH - 660],
] as const;

/** Who issues the history, the filters it was made with, and whether rows were left out. */
type HistoryMeta = { issuer: string; filters: string[]; truncated: boolean };

/**
 * The payment history as a PDF (A4 landscape, Helvetica): the filters it was made with, one row per payment, and
 * the sums of paid and failed payments per currency.
 */
export function renderPaymentHistoryPdf(payments: Payment[], meta: HistoryMeta): Promise<Buffer> {
  return renderPdf(
    { size: 'A4', layout: 'landscape', margin: MARGIN, info: { Title: 'Payment history', Author: meta.issuer } },
    (doc) => drawPaymentHistory(doc, payments, meta),
  );
}

function drawPaymentHistory(doc: PDFKit.PDFDocument, payments: Payment[], meta: HistoryMeta): void {
  doc.font('Helvetica-Bold').fontSize(16).text('Payment history', MARGIN, MARGIN);
  doc.font('Helvetica').fontSize(9).fillColor('#444');
  doc.text(`${meta.issuer} · ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);
  if (meta.filters.length) doc.text(meta.filters.join(' · '));
  doc.fillColor('black').moveDown();

  const header = () => {
    let x = MARGIN;
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9);
    for (const [name, width] of COLUMNS) {
      doc.text(name, x, y, { width: width - 6, align: name === 'Amount' ? 'right' : 'left' });
      x += width;
    }
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + WIDTH, doc.y + 2)
      .stroke();
    doc.y += 6;
    doc.font('Helvetica');
  };
  header();
  for (const p of payments) {
    if (doc.y > PAGE.height - MARGIN - 30) {
      doc.addPage();
      header();
    }
    const cells = [
      p.created_at.slice(0, 10),
      p.invoice_number ?? '',
      p.company_name,
      p.provider === 'stripe' ? 'Card (Stripe)' : 'Bank transfer',
      p.reference ?? '',
      p.status,
      formatMoney(p.amount, p.currency, LANGUAGE),
    ];
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    cells.forEach((cell, i) => {
      const [name, width] = COLUMNS[i]!;
      doc.text(cell, x, y, {
        width: width - 6,
        align: name === 'Amount' ? 'right' : 'left',
        height: 24,
        ellipsis: true,
      });
      bottom = Math.max(bottom, doc.y);
      x += width;
    });
    doc.y = bottom + 3;
  }
  if (!payments.length) doc.text('No payments.', MARGIN, doc.y);

  const sums = new Map<string, number>();
  for (const p of payments)
    sums.set(`${p.status} ${p.currency}`, (sums.get(`${p.status} ${p.currency}`) ?? 0) + p.amount);
  doc.moveDown().font('Helvetica-Bold');
  for (const [key, cents] of [...sums].sort()) {
    const [status, currency] = key.split(' ') as [string, string];
    doc.text(`Total ${status}: ${formatMoney(cents, currency, LANGUAGE)}`, MARGIN, doc.y, {
      width: WIDTH,
      align: 'right',
    });
  }
  if (meta.truncated)
    doc.font('Helvetica').text('Only the first rows are shown: narrow the filters for the rest.', MARGIN);
}
