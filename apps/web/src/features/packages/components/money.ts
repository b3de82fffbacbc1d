/** Integer cents as the amount Intl formats (money is integer cents on the wire, spec section 9). */
export const centsToAmount = (cents: number) => cents / 100;

/** An amount typed in a form (e.g. 12.5) as integer cents (1250); NaN when it is no number. */
export const amountToCents = (amount: number | string) => {
  const value = typeof amount === 'number' ? amount : Number(String(amount).replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 100) : Number.NaN;
};
