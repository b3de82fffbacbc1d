/** A number as typed in a form field (12.5, or 12,5 with a decimal comma); NaN when it is none. */
const typedNumber = (value: number | string) =>
  typeof value === 'number' ? value : Number(String(value).replace(',', '.'));

/** Integer cents as the amount in the currency's units (money is integer cents on the wire, spec section 9). */
export const centsToAmount = (cents: number) => cents / 100;

/** An amount typed in a form (12.5, or 12,5) as integer cents (1250); NaN when it is no number. */
export function amountToCents(amount: number | string): number {
  const value = typedNumber(amount);
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
}

/** A rate typed in percent (19, 7.5) as basis points (1900, 750); NaN when it is no number. */
export const percentToBasisPoints = amountToCents;
