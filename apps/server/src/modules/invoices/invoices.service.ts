import {
  checkInvoiceTransition,
  formatInvoiceNumber,
  type Invoice,
  type InvoiceInput,
  type InvoiceLineInput,
  type InvoiceListItem,
  type InvoiceListQuery,
  type InvoiceMail,
  type InvoiceStatus,
  type InvoiceStatusChange,
  type InvoiceType,
  type InvoiceUpdate,
  invoiceTotals,
  REVERSE_CHARGE_NOTE,
  reverseChargeApplies,
} from '@cuspid/contracts/invoices';
import { type PaymentProvider, PURCHASE_PERMISSION } from '@cuspid/contracts/payments';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import { type Actor, actorCan } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { formatMoney } from '../../lib/money';
import { findVisibleCompanyRow } from '../companies';
import { renderAssignedDocument } from '../documents';
import { findTransferAccount, markPaidByHand, paymentMethods, requireTransferAccount } from '../payments';
import { sendMail } from '../sent-mails';
import { findOperatorCompany } from '../users';
import { issuedInvoiceRecipients } from './invoices.mail';
import { type InvoiceSeller, invoiceTemplateVariables, renderInvoicePdf } from './invoices.pdf';
import { assertMayManageInvoices } from './invoices.policy';
import * as repo from './invoices.repository';
import type { BillingAddress } from './invoices.schema';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function billingOf(company: repo.CompanyBilling): BillingAddress {
  return {
    companyName: company.companyName,
    addressLine1: company.addressLine1,
    addressLine2: company.addressLine2,
    zip: company.zip,
    city: company.city,
    country: company.country,
    vatId: company.vatId,
  };
}

function toLine(row: repo.InvoiceLineRow): Invoice['lines'][number] {
  return {
    position: row.position,
    article_number: row.articleNumber,
    name: row.name,
    quantity: row.quantity,
    unit_price: row.unitPriceCents,
    tax_rate: row.taxRateBp,
    net: row.netCents,
  };
}

function toListItem(row: repo.InvoiceView): InvoiceListItem {
  return {
    id: row.id,
    company_id: row.companyId,
    company_name: row.companyName,
    number: row.number,
    type: row.type as InvoiceType,
    status: row.status as InvoiceStatus,
    invoice_date: row.invoiceDate,
    due_date: row.dueDate,
    payment_term_days: row.paymentTermDays,
    currency: row.currency,
    reverse_charge: row.reverseCharge,
    reverse_charge_note: row.reverseCharge ? REVERSE_CHARGE_NOTE : null,
    net: row.netCents,
    tax: row.taxCents,
    total: row.totalCents,
    notes: row.notes,
    cancels_invoice_id: row.cancelsInvoiceId,
    credit_note_id: row.creditNoteId,
    dunning_level: row.dunningLevel,
    last_reminder_at: iso(row.lastReminderAt),
    dunning_paused: row.dunningPaused,
    issued_at: iso(row.issuedAt),
    paid_at: iso(row.paidAt),
    cancelled_at: iso(row.cancelledAt),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toInvoice(
  row: repo.InvoiceView,
  lines: repo.InvoiceLineRow[],
  billing: BillingAddress,
  reminders: repo.ReminderRow[],
  cardPayment: boolean,
): Invoice {
  const totals = invoiceTotals(
    lines.map((l) => ({ quantity: l.quantity, unit_price: l.unitPriceCents, tax_rate: l.taxRateBp })),
    { reverseCharge: row.reverseCharge },
  );
  return {
    ...toListItem(row),
    billing_address: {
      company_name: billing.companyName,
      address_line1: billing.addressLine1,
      address_line2: billing.addressLine2,
      zip: billing.zip,
      city: billing.city,
      country: billing.country,
      vat_id: billing.vatId,
    },
    taxes: totals.taxes,
    lines: lines.map(toLine),
    reminders: reminders.map((r) => ({
      step: r.step,
      level_name: r.levelName,
      fee: r.feeCents,
      mailed_to: r.mailedTo,
      sent_at: r.sentAt.toISOString(),
    })),
    card_payment: cardPayment,
  };
}

/**
 * Whether the actor may pay the invoice by card here (ADR 0118): card payment is set up, the invoice is open (not a
 * credit note) and its company's own, and the actor may buy credits, as POST /invoices/{id}/checkout requires.
 */
function payableByCard(deps: Deps, actor: Actor, row: repo.InvoiceView): boolean {
  return (
    row.status === 'open' &&
    row.type === 'invoice' &&
    row.number !== null &&
    row.companyId === actor.companyId &&
    actorCan(actor, PURCHASE_PERMISSION) &&
    paymentMethods(deps).includes('stripe')
  );
}

/**
 * The two companies of an invoice as one request read them: the buyer, and the seller (the operator company;
 * undefined when there is none). A purchase reads them once and hands them on instead of each step reading again.
 */
export type InvoiceParties = { buyer: repo.CompanyBilling; seller: repo.CompanyBilling | undefined };

/** Whether the seller invoices the buyer under the reverse charge (ADR 0105). */
export function reverseChargeBetween({ buyer, seller }: InvoiceParties): boolean {
  return reverseChargeApplies(
    { country: seller?.country ?? '' },
    { country: buyer.country ?? '', vatId: buyer.vatId, applyReverseCharge: buyer.applyReverseCharge },
  );
}

/** Whether the seller invoices `company` under the reverse charge (ADR 0105). */
async function reverseChargeFor(db: DbOrTx, company: repo.CompanyBilling): Promise<boolean> {
  return reverseChargeBetween({ buyer: company, seller: await findOperatorCompany(db) });
}

/** Writes a draft's lines and the amounts computed from them. */
async function writeLines(db: DbOrTx, invoiceId: string, lines: InvoiceLineInput[], reverseCharge: boolean) {
  await repo.replaceLines(
    db,
    invoiceId,
    lines.map((l) => ({
      articleNumber: l.article_number,
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: l.unit_price,
      taxRateBp: l.tax_rate,
      netCents: l.quantity * l.unit_price,
    })),
  );
  const totals = invoiceTotals(lines, { reverseCharge });
  return { netCents: totals.net, taxCents: totals.tax, totalCents: totals.total, reverseCharge };
}

export async function listInvoices(deps: Deps, actor: Actor, query: InvoiceListQuery) {
  const { data, total } = await repo.listInvoices(deps.db, actor, query);
  return { data: data.map(toListItem), total };
}

/** One invoice as the actor sees it (another company's is not found). */
export async function getInvoice(deps: Deps, actor: Actor, id: string, db: DbOrTx = deps.db): Promise<Invoice> {
  const row = await repo.findVisibleInvoice(db, actor, id);
  if (!row) throw notFound();
  const billing = row.billingAddress ?? billingOf((await repo.findCompany(db, row.companyId))!);
  return toInvoice(
    row,
    await repo.listLines(db, id),
    billing,
    await repo.listReminders(db, id),
    payableByCard(deps, actor, row),
  );
}

export async function createInvoice(deps: Deps, actor: Actor, body: InvoiceInput): Promise<Invoice> {
  return deps.db.transaction(async (tx) => {
    // A company out of reach is not found, before anything else is said about it.
    const company = await findVisibleCompanyRow(tx, actor, body.company_id);
    if (!company) throw notFound();
    assertMayManageInvoices(actor);
    const row = await repo.insertInvoice(tx, {
      companyId: company.id,
      paymentTermDays: body.payment_term_days,
      notes: body.notes,
      createdBy: actor.userId,
    });
    await repo.updateInvoice(tx, row.id, await writeLines(tx, row.id, body.lines, await reverseChargeFor(tx, company)));
    const created = await getInvoice(deps, actor, row.id, tx);
    await recordAudit(tx, actor, {
      entity: 'invoice',
      entityId: row.id,
      companyId: company.id,
      action: 'create',
      after: { total: created.total, lines: created.lines.length },
    });
    return created;
  });
}

/** Locks a visible invoice for a change by the back office; another company's is not found (before the 403). */
async function lockForChange(tx: DbOrTx, actor: Actor, id: string): Promise<repo.InvoiceRow> {
  const row = await repo.lockVisibleInvoice(tx, actor, id);
  if (!row) throw notFound();
  assertMayManageInvoices(actor);
  return row;
}

export async function updateInvoice(deps: Deps, actor: Actor, id: string, body: InvoiceUpdate): Promise<Invoice> {
  return deps.db.transaction(async (tx) => {
    const row = await lockForChange(tx, actor, id);
    if (row.status !== 'draft') throw new AppError('INVOICE_NOT_DRAFT');
    const before = await getInvoice(deps, actor, id, tx);
    const amounts = body.lines
      ? await writeLines(tx, id, body.lines, await reverseChargeFor(tx, (await repo.findCompany(tx, row.companyId))!))
      : {};
    await repo.updateInvoice(tx, id, {
      ...amounts,
      ...(body.payment_term_days !== undefined ? { paymentTermDays: body.payment_term_days } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
    });
    const after = await getInvoice(deps, actor, id, tx);
    await recordAudit(tx, actor, {
      entity: 'invoice',
      entityId: id,
      companyId: row.companyId,
      action: 'update',
      before: { total: before.total, lines: before.lines.length, notes: before.notes, term: before.payment_term_days },
      after: { total: after.total, lines: after.lines.length, notes: after.notes, term: after.payment_term_days },
    });
    return after;
  });
}

export async function deleteInvoice(deps: Deps, actor: Actor, id: string): Promise<{ message: string }> {
  return deps.db.transaction(async (tx) => {
    const row = await lockForChange(tx, actor, id);
    if (row.status !== 'draft') throw new AppError('INVOICE_NOT_DRAFT');
    await repo.deleteInvoice(tx, id);
    await recordAudit(tx, actor, {
      entity: 'invoice',
      entityId: id,
      companyId: row.companyId,
      action: 'delete',
      before: { total: row.totalCents },
    });
    return { message: 'The draft invoice was deleted' };
  });
}

const day = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (isoDay: string, days: number) => day(new Date(Date.parse(`${isoDay}T00:00:00Z`) + days * 86_400_000));

/** Numbers an invoice and freezes it: the year's next number, today's date, the due date, the billing address. */
async function issue(
  deps: Deps,
  tx: DbOrTx,
  row: repo.InvoiceRow,
  now: Date,
  options: {
    /** A credit note mirrors the invoice as it was issued: its reverse charge and billing address, not today's. */
    mirrors?: repo.InvoiceRow;
    /** The companies as the caller read them already; read here when not given. */
    parties?: InvoiceParties;
    /**
     * The invoice is to be paid by bank transfer (every invoice staff issue, a purchase by bank transfer): refused
     * without the operator's account to transfer to (OPERATOR_BANK_ACCOUNT_MISSING), before it takes a number.
     */
    byTransfer?: boolean;
  } = {},
) {
  const { mirrors, parties, byTransfer = false } = options;
  const company = parties?.buyer ?? (await repo.findCompany(tx, row.companyId))!;
  const lines = await repo.listLines(tx, row.id);
  if (lines.length === 0) throw new AppError('INVOICE_EMPTY');
  const reverseCharge = mirrors
    ? mirrors.reverseCharge
    : parties
      ? reverseChargeBetween(parties)
      : await reverseChargeFor(tx, company);
  const totals = invoiceTotals(
    lines.map((l) => ({ quantity: l.quantity, unit_price: l.unitPriceCents, tax_rate: l.taxRateBp })),
    { reverseCharge },
  );
  // An invoice of 0 is paid at once; a credit note is paid out by the operator.
  if (byTransfer && row.type === 'invoice' && totals.total > 0)
    await requireTransferAccount(tx, parties ? parties.seller : await findOperatorCompany(tx));
  const year = now.getUTCFullYear();
  const sequence = await repo.nextNumberSequence(tx, year);
  const invoiceDate = day(now);
  return {
    status: 'open' as const,
    number: formatInvoiceNumber((await deps.settings.get('invoices', tx)).number_pattern, year, sequence),
    numberYear: year,
    numberSequence: sequence,
    invoiceDate,
    dueDate: addDays(invoiceDate, row.paymentTermDays),
    billingAddress: mirrors?.billingAddress ?? billingOf(company),
    reverseCharge,
    netCents: totals.net,
    taxCents: totals.tax,
    totalCents: totals.total,
    issuedAt: now,
  };
}

/**
 * The credit note that cancels an issued invoice: its lines with the quantities negated, numbered like any
 * invoice. It settles an unpaid invoice at once (paid); for a paid one it stays open until the refund is paid.
 */
async function creditNoteFor(deps: Deps, tx: DbOrTx, actor: Actor, invoice: repo.InvoiceRow, now: Date) {
  const note = await repo.insertInvoice(tx, {
    companyId: invoice.companyId,
    type: 'credit-note',
    cancelsInvoiceId: invoice.id,
    paymentTermDays: 0,
    currency: invoice.currency,
    notes: `Cancels invoice ${invoice.number}`,
    createdBy: actor.userId,
  });
  const lines = await repo.listLines(tx, invoice.id);
  await repo.replaceLines(
    tx,
    note.id,
    lines.map((l) => ({
      articleNumber: l.articleNumber,
      name: l.name,
      quantity: -l.quantity,
      unitPriceCents: l.unitPriceCents,
      taxRateBp: l.taxRateBp,
      netCents: -l.netCents,
    })),
  );
  await repo.updateInvoice(tx, note.id, {
    ...(await issue(deps, tx, note, now, { mirrors: invoice })),
    ...(invoice.status === 'open' ? { status: 'paid' as const, paidAt: now } : {}),
  });
  return note.id;
}

/**
 * PATCH /update-invoice-status/{id}: issue a draft (mailed; the answer says where), mark an invoice paid, or cancel
 * it with a credit note. Issuing an invoice, paid by bank transfer, needs the operator's account to name.
 */
export async function changeInvoiceStatus(
  deps: Deps,
  actor: Actor,
  id: string,
  status: InvoiceStatus,
  now = new Date(),
): Promise<InvoiceStatusChange> {
  return deps.db.transaction(async (tx) => {
    const row = await lockForChange(tx, actor, id);
    const from = row.status as InvoiceStatus;
    if (checkInvoiceTransition(from, status))
      throw new AppError('INVOICE_STATUS_REFUSED', { params: { from, to: status } });
    let creditNoteId: string | null = null;
    let invoiceMail: InvoiceMail | null = null;
    if (status === 'open') {
      await repo.updateInvoice(tx, id, await issue(deps, tx, row, now, { byTransfer: true }));
      invoiceMail = await mailIssuedInvoice(deps, tx, actor, id);
    } else if (status === 'paid') await markPaidByHand(deps, tx, actor, id, now);
    else {
      creditNoteId = await creditNoteFor(deps, tx, actor, row, now);
      await repo.updateInvoice(tx, id, { status, cancelledAt: now });
    }
    const after = await getInvoice(deps, actor, id, tx);
    await recordAudit(tx, actor, {
      entity: 'invoice',
      entityId: id,
      companyId: row.companyId,
      action: 'update',
      before: { status: from },
      after: { status, number: after.number, ...(creditNoteId ? { credit_note: creditNoteId } : {}) },
    });
    return { ...after, invoice_mail: invoiceMail };
  });
}

/** A package purchase's invoice (ADR 0106): what is bought, and the credits paying it adds. */
export type PurchaseInvoice = {
  /** The buyer and the seller as the purchase read them (the buyer is the invoice's company). */
  parties: InvoiceParties;
  packageId: string;
  credits: number;
  creditType: string;
  currency: string;
  lines: InvoiceLineInput[];
  notes?: string | null | undefined;
  /** A purchase by bank transfer needs the operator's account to name (OPERATOR_BANK_ACCOUNT_MISSING). */
  paymentMethod: PaymentProvider;
};

/**
 * Creates and issues the invoice of a package purchase in the caller's transaction (numbered, frozen and mailed
 * like any issued invoice); paying it adds `credits` to the company's ledger once. Answers the issued invoice and
 * where its mail went.
 */
export async function issuePurchaseInvoice(
  deps: Deps,
  tx: DbOrTx,
  actor: Actor,
  purchase: PurchaseInvoice,
  now = new Date(),
): Promise<{ invoice: Invoice; mail: InvoiceMail }> {
  const row = await repo.insertInvoice(tx, {
    companyId: purchase.parties.buyer.id,
    packageId: purchase.packageId,
    packageCredits: purchase.credits,
    packageCreditType: purchase.creditType,
    currency: purchase.currency,
    notes: purchase.notes ?? null,
    createdBy: actor.userId,
  });
  await repo.replaceLines(
    tx,
    row.id,
    purchase.lines.map((l) => ({
      articleNumber: l.article_number,
      name: l.name,
      quantity: l.quantity,
      unitPriceCents: l.unit_price,
      taxRateBp: l.tax_rate,
      netCents: l.quantity * l.unit_price,
    })),
  );
  await repo.updateInvoice(
    tx,
    row.id,
    await issue(deps, tx, row, now, {
      parties: purchase.parties,
      byTransfer: purchase.paymentMethod === 'bank-transfer',
    }),
  );
  await recordAudit(tx, actor, {
    entity: 'invoice',
    entityId: row.id,
    companyId: purchase.parties.buyer.id,
    action: 'create',
    after: { package: purchase.packageId, credits: purchase.credits, status: 'open' },
  });
  const mail = await mailIssuedInvoice(deps, tx, actor, row.id, purchase.parties);
  return { invoice: await getInvoice(deps, actor, row.id, tx), mail };
}

/** PATCH /invoices/{id}/dunning: staff pause or resume the reminders of an issued, unpaid invoice. */
export async function setDunningPaused(deps: Deps, actor: Actor, id: string, paused: boolean): Promise<Invoice> {
  return deps.db.transaction(async (tx) => {
    const row = await lockForChange(tx, actor, id);
    if (row.status !== 'open') throw new AppError('INVOICE_NOT_OPEN');
    await repo.updateInvoice(tx, id, { dunningPaused: paused });
    await recordAudit(tx, actor, {
      entity: 'invoice',
      entityId: id,
      companyId: row.companyId,
      action: 'update',
      before: { dunning_paused: row.dunningPaused },
      after: { dunning_paused: paused },
    });
    return getInvoice(deps, actor, id, tx);
  });
}

/** An invoice as a PDF, and the file name to save it under; the seller is read unless `parties` brings it. */
async function pdfOf(
  deps: Deps,
  db: DbOrTx,
  invoice: Invoice,
  parties?: InvoiceParties,
): Promise<{ fileName: string; pdf: Buffer }> {
  const found = parties ? parties.seller : await findOperatorCompany(db);
  const bank = await findTransferAccount(db, found);
  const seller: InvoiceSeller = {
    companyName: found?.companyName ?? '',
    addressLine1: found?.addressLine1 ?? null,
    addressLine2: found?.addressLine2 ?? null,
    zip: found?.zip ?? null,
    city: found?.city ?? null,
    country: found?.country ?? null,
    vatId: found?.vatId ?? null,
    bank: bank ?? null,
  };
  // A DOCX template assigned to invoices (or credit notes) wins when LibreOffice can convert it (issue 16).
  const pdf =
    (invoice.status !== 'draft'
      ? await renderAssignedDocument(
          deps,
          db,
          invoice.type === 'credit-note' ? 'credit-note' : 'invoice',
          invoiceTemplateVariables(invoice, seller),
        )
      : null) ?? (await renderInvoicePdf(invoice, seller));
  const name = invoice.number ? `${invoice.type}-${invoice.number}` : `draft-invoice-${invoice.id.slice(0, 8)}`;
  return { fileName: `${name.replace(/[^\w.-]+/g, '_')}.pdf`, pdf };
}

/** GET /invoices/{id}/pdf: the invoice as a PDF, and the file name to save it under. */
export async function invoicePdf(deps: Deps, actor: Actor, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  return pdfOf(deps, deps.db, await getInvoice(deps, actor, id));
}

/**
 * The invoice mail (`invoice.issued`) with the PDF attached, written in the issuing transaction (a rolled-back issue
 * mails nothing): to the company's invoice address, else its warning address, else one mail to each of its owners in
 * their language (issuedInvoiceRecipients). Answers where it went; without anyone to mail, none is sent and the
 * answer says so. The companies are read unless `parties` brings them.
 */
async function mailIssuedInvoice(
  deps: Deps,
  tx: DbOrTx,
  actor: Actor,
  id: string,
  parties?: InvoiceParties,
): Promise<InvoiceMail> {
  const invoice = await getInvoice(deps, actor, id, tx);
  const buyer = parties?.buyer ?? (await repo.findCompany(tx, invoice.company_id))!;
  const { recipients, to } = await issuedInvoiceRecipients(tx, buyer);
  if (!to.length) return { recipients: null, to: [], not_sent: 'no-recipient' };
  const { fileName, pdf } = await pdfOf(deps, tx, invoice, parties);
  const attachment = { filename: fileName, contentType: 'application/pdf', content: pdf.toString('base64') };
  const queued: string[] = [];
  for (const { mail, language } of to) {
    const row = await sendMail(deps, tx, {
      event: 'invoice.issued',
      to: mail,
      language,
      companyId: invoice.company_id,
      variables: {
        invoice_number: invoice.number ?? '',
        total: formatMoney(invoice.total, invoice.currency, language),
        due_date: invoice.due_date ?? '',
      },
      attachments: [attachment],
    });
    // Without a template the outbox keeps the mail as failed: it is not said to be sent.
    if (row.status === 'queued') queued.push(mail);
  }
  return { recipients, to: queued, not_sent: queued.length ? null : 'no-template' };
}

/** The list item of an invoice row, shared with the CSV exports. */
export { toListItem };
