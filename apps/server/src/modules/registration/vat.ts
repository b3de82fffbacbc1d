import type { VatCheckResult } from '@cuspid/contracts/companies';
import { checkVAT, countries } from 'jsvat';
import { VIES_COUNTRIES, type ViesClient } from './vies';

const vatPrefix = (country: string) => (country === 'GR' ? 'EL' : country);

/**
 * Upper case without spaces, dots and dashes; the country prefix added when it is missing. Greek ids
 * carry EL, not the ISO code GR: GR is turned into EL.
 */
export function normaliseVatId(vatId: string, country?: string): string {
  const compact = vatId
    .replace(/[\s.-]/g, '')
    .toUpperCase()
    .replace(/^GR(?=[0-9])/, 'EL');
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

export type VatCheck = OfflineVatCheck & {
  /** VIES answered (valid or invalid); false when it was not asked or did not answer. */
  checkedOnline: boolean;
  name?: string;
  address?: string;
};

/**
 * The offline check, then, when VIES is configured and the id is one VIES knows, the online check
 * (ADR 0055). VIES decides when it answers; when it does not (down, slow, a member state
 * unavailable) the offline result stands with checkedOnline false. Offline-invalid ids are not sent.
 */
export async function checkVat(vies: ViesClient | undefined, vatId: string, country?: string): Promise<VatCheck> {
  const offline = checkVatOffline(vatId, country);
  const prefix = offline.vatId.slice(0, 2);
  // jsvat has no rules for some prefixes VIES knows (XI, Northern Ireland): VIES alone decides those.
  const askable = offline.valid || (!offline.supported && !offline.country);
  if (!vies || !askable || !VIES_COUNTRIES.has(prefix)) return { ...offline, checkedOnline: false };
  const answer = await vies.check(offline.vatId);
  switch (answer.outcome) {
    case 'valid':
      return {
        ...offline,
        valid: true,
        checkedOnline: true,
        ...(answer.name ? { name: answer.name } : {}),
        ...(answer.address ? { address: answer.address } : {}),
      };
    case 'invalid':
      return { ...offline, valid: false, checkedOnline: true };
    case 'unavailable':
      return { ...offline, checkedOnline: false };
  }
}

/** The answer of POST /api/check-vat-id. */
export function toVatCheckResult(check: VatCheck): VatCheckResult {
  return {
    valid: check.valid,
    ...(check.name ? { name: check.name } : {}),
    ...(check.address ? { address: check.address } : {}),
    checkedOnline: check.checkedOnline,
  };
}
