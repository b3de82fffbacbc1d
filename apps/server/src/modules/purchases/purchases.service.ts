import { EU_COUNTRY_CODES } from '@cuspid/contracts/companies';
import type { InvoiceLineInput } from '@cuspid/contracts/invoices';
import { invoiceTotals } from '@cuspid/contracts/invoices';
import type { PurchaseInput, PurchaseQuote, PurchaseQuoteInput, PurchaseResult } from '@cuspid/contracts/payments';
import { purchaseInputSchema } from '@cuspid/contracts/payments';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/errors';
import { findVisibleCompanyRow } from '../companies';
import { applyDiscountCoupon, previewDiscountCoupon, setRedemptionInvoice } from '../coupons';
import { type InvoiceParties, issuePurchaseInvoice, reverseChargeBetween } from '../invoices';
import { listPackagesOfferedTo } from '../packages';
import { bankTransferInstructions, markPaidByHand, paymentMethods, startCheckout } from '../payments';
import { findOperatorCompany } from '../users';
import { assertMayBuyFor } from './purchases.policy';

/**
 * Buying credits (issue 16, ADR 0106): a company picks a package at its country's price, optionally with a discount
 * coupon, and gets an issued invoice; paying the invoice (bank transfer or card) adds the package's credits once.
 */

const EU = new Set<string>(EU_COUNTRY_CODES);

type Priced = {
  companyId: string;
  /** The buyer and the seller, read once per request: the quote and the purchase's invoice both use them. */
  parties: InvoiceParties;
  offer: Awaited<ReturnType<typeof listPackagesOfferedTo>>['data'][number];
  country: string | null;
  taxRate: number;
  reverseCharge: boolean;
};

/** The package as this company can buy it, and the tax it is charged: 404 for a company out of reach. */
async function priced(deps: Deps, actor: Actor, input: PurchaseQuoteInput): Promise<Priced> {
  const companyId = input.company_id ?? actor.companyId;
  const buyer = await findVisibleCompanyRow(deps.db, actor, companyId);
  if (!buyer) throw notFound();
  const available = await listPackagesOfferedTo(deps, buyer);
  assertMayBuyFor(actor, companyId);
  const offer = available.data.find((p) => p.id === input.package_id);
  if (!offer) {
    throw new AppError('PACKAGE_NOT_OFFERED', {
      params: { country: available.country ?? '—' },
      errors: { package_id: [`This package cannot be bought in ${available.country ?? '—'}`] },
    });
  }
  // Read per request, not kept for the process: the operator's country can change (no cache to invalidate).
  const parties: InvoiceParties = { buyer, seller: await findOperatorCompany(deps.db) };
  // Services to a business outside the EU are not taxed here (the place of supply is the buyer's country).
  const outsideEu = available.country !== null && !EU.has(available.country);
  return {
    companyId,
    parties,
    offer,
    country: available.country,
    taxRate: outsideEu ? 0 : (await deps.settings.get('invoices')).tax_rate,
    reverseCharge: reverseChargeBetween(parties),
  };
}

/** The invoice lines of a purchase: the package, and the coupon's discount as a line of its own. */
function linesOf(p: Priced, discount: { code: string; cents: number } | null): InvoiceLineInput[] {
  const lines: InvoiceLineInput[] = [
    {
      article_number: `CREDITS-${p.offer.credits}`,
      name: `${p.offer.name} (${p.offer.credits} ${p.offer.credit_type} credits)`,
      quantity: 1,
      unit_price: p.offer.price_cents,
      tax_rate: p.taxRate,
    },
  ];
  if (discount && discount.cents > 0) {
    lines.push({
      article_number: 'COUPON',
      name: `Coupon ${discount.code}`,
      quantity: 1,
      unit_price: -discount.cents,
      tax_rate: p.taxRate,
    });
  }
  return lines;
}

function quoteOf(deps: Deps, p: Priced, discount: { code: string; cents: number } | null): PurchaseQuote {
  const totals = invoiceTotals(linesOf(p, discount), { reverseCharge: p.reverseCharge });
  return {
    package_id: p.offer.id,
    package_name: p.offer.name,
    credits: p.offer.credits,
    credit_type: p.offer.credit_type,
    currency: p.offer.currency,
    price: p.offer.price_cents,
    discount: discount?.cents ?? 0,
    coupon_code: discount?.code ?? null,
    tax_rate: p.reverseCharge ? 0 : p.taxRate,
    reverse_charge: p.reverseCharge,
    net: totals.net,
    tax: totals.tax,
    total: totals.total,
    payment_methods: paymentMethods(deps),
  };
}

/** POST /buy-credits/quote: what buying a package costs this company, the coupon checked but not used. */
export async function quotePurchase(deps: Deps, actor: Actor, input: PurchaseQuoteInput): Promise<PurchaseQuote> {
  const p = await priced(deps, actor, input);
  const code = input.coupon_code?.trim();
  const discount = code
    ? await previewDiscountCoupon(deps.db, {
        code,
        companyId: p.companyId,
        packageId: p.offer.id,
        priceCents: p.offer.price_cents,
        currency: p.offer.currency,
      })
    : null;
  return quoteOf(deps, p, discount ? { code: discount.code, cents: discount.discountCents } : null);
}

/**
 * POST /buy-credits: issues the purchase's invoice, with the coupon's use recorded in the same transaction, and
 * answers how to pay it (the bank details and reference, or a card checkout page) and where the invoice mail went.
 * An invoice of 0 (a coupon covering the whole price) is paid at once and its credits are booked. By bank transfer,
 * nothing is issued without the operator's account to name (OPERATOR_BANK_ACCOUNT_MISSING).
 */
export async function purchase(deps: Deps, actor: Actor, body: PurchaseInput): Promise<PurchaseResult> {
  const input = purchaseInputSchema.parse(body);
  const p = await priced(deps, actor, input);
  if (!paymentMethods(deps).includes(input.payment_method))
    throw new AppError('PAYMENT_METHOD_UNAVAILABLE', { params: { method: input.payment_method } });
  const code = input.coupon_code?.trim();
  const { invoice, instructions, mail } = await deps.db.transaction(async (tx: DbOrTx) => {
    const coupon = code
      ? await applyDiscountCoupon(tx, {
          code,
          companyId: p.companyId,
          packageId: p.offer.id,
          priceCents: p.offer.price_cents,
          currency: p.offer.currency,
          actor,
        })
      : null;
    const discount = coupon ? { code: code!, cents: coupon.discountCents } : null;
    const issued = await issuePurchaseInvoice(deps, tx, actor, {
      parties: p.parties,
      packageId: p.offer.id,
      credits: p.offer.credits,
      creditType: p.offer.credit_type,
      currency: p.offer.currency,
      lines: linesOf(p, discount),
      notes: discount ? `Coupon ${discount.code}` : null,
      paymentMethod: input.payment_method,
    });
    let invoice = issued.invoice;
    if (coupon) await setRedemptionInvoice(tx, coupon.redemptionId, invoice.id);
    if (invoice.total === 0) {
      await markPaidByHand(deps, tx, actor, invoice.id);
      invoice = { ...invoice, status: 'paid' };
    }
    const bank =
      invoice.status === 'open' && input.payment_method === 'bank-transfer'
        ? await bankTransferInstructions(tx, p.parties.seller, {
            number: invoice.number,
            totalCents: invoice.total,
            currency: invoice.currency,
          })
        : null;
    return { invoice, instructions: bank, mail: issued.mail };
  });
  const payable = invoice.status === 'open';
  const checkoutUrl =
    payable && input.payment_method === 'stripe' ? (await startCheckout(deps, actor, invoice.id)).checkout_url : null;
  return {
    invoice,
    payment_method: input.payment_method,
    checkout_url: checkoutUrl,
    bank_transfer: instructions,
    invoice_mail: mail,
  };
}
