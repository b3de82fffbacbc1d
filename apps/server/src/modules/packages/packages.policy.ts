// Who may manage packages is the routes' permission (backoffice-package, back-office work); who may see what a
// company can buy is backoffice-credit and the company scope (in SQL). These are the rules of the offer itself.

type PackagePrice = { priceCents: number; currency: string };
type CountryPrice = PackagePrice & { available: boolean };

export type Offer = { price_cents: number; currency: string; price_source: 'country' | 'default' };

/**
 * What a package costs in a country: the country package's price where there is one, the package's own
 * price otherwise; null when the country package makes it unavailable there (the package is not offered).
 */
export function offerIn(pkg: PackagePrice, countryPackage: CountryPrice | undefined): Offer | null {
  if (!countryPackage) return { price_cents: pkg.priceCents, currency: pkg.currency, price_source: 'default' };
  if (!countryPackage.available) return null;
  return { price_cents: countryPackage.priceCents, currency: countryPackage.currency, price_source: 'country' };
}
