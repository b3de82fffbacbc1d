/** An amount in cents as a language writes money (mails, PDFs) ("119,00 €" in German, "€119.00" in English). */
export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency }).format(cents / 100);
}
