import type { VatCheckResult } from '@cuspid/contracts/companies';
import { checkVAT, countries } from 'jsvat';

const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country);

/** Upper case without spaces, dots and dashes; the country prefix added when it is missing. */
export function normaliseVatId(vatId: string, country?: string): string {
  const compact = vatId.replace(/[\s.-]/g, '').toUpperCase();
  if (country && /^[0-9]/.test(compact)) return `${vatPrefix(country)}${compact}`;
  return compact;
}

export type OfflineVatCheck = { valid: boolean; supported: boolean; country?: string; vatId: string };

/**
 * Format and checksum of a VAT id (jsvat), offline. When a country is given, the VAT id must belong
 * to it. `supported` is false for countries jsvat has no rules for.
 */
export function checkVatOffline(vatId: string, country?: string): OfflineVatCheck {
  const normalised = normaliseVatId(vatId, country);
  const result = checkVAT(normalised, countries);
  const vatCountry = result.country?.isoCode.short;
  const matches = !country || !vatCountry || vatCountry === country;
  return {
    valid: result.isValid && matches,
    supported: result.isSupportedCountry,
    ...(vatCountry ? { country: vatCountry } : {}),
    vatId: normalised,
  };
}

/** The answer of POST /api/check-vat-id. The online VIES check is not wired: checkedOnline is false. */
export function toVatCheckResult(check: OfflineVatCheck): VatCheckResult {
  return { valid: check.valid, checkedOnline: false };
}
