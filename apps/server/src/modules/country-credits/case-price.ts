import type { CasePrice } from '@cuspid/contracts/packages';
import type { DbOrTx } from '../../db/client';
import { findCountryCredit, readCreditSettings } from './country-credits.repository';

/** What one upper and one lower jaw tooth cost, and where the costs came from. */
export type ToothCosts = {
  upperToothCredits: number;
  lowerToothCredits: number;
  source: 'country' | 'default';
};

export type CaseTeeth = {
  /** FDI numbers of upper jaw teeth (11–18, 21–28); a tooth named twice counts once. */
  upperTeeth: readonly number[];
  /** FDI numbers of lower jaw teeth (31–38, 41–48). */
  lowerTeeth: readonly number[];
  /** A recalculation of a case costs its price times the recalculation factor. */
  recalculation?: boolean;
};

const distinctSorted = (teeth: readonly number[]) => [...new Set(teeth)].sort((a, b) => a - b);

/**
 * The credits of a case, without any lookup: the sum over its distinct teeth of the upper or lower tooth
 * cost. A recalculation costs that times the factor, rounded UP to a whole credit (credits are whole: a
 * factor of 1.5 on 5 credits costs 8, never 7, so a recalculation never costs less than the factor says).
 * The factor has at most two decimals; it is taken in hundredths so that the rounding works on integers
 * (1.15 × 100 credits is exactly 115, not 114.99999…).
 */
export function casePriceOf(
  costs: ToothCosts,
  recalculationFactor: number,
  teeth: CaseTeeth,
  country: string | null = null,
): CasePrice {
  const upper = distinctSorted(teeth.upperTeeth);
  const lower = distinctSorted(teeth.lowerTeeth);
  const base = upper.length * costs.upperToothCredits + lower.length * costs.lowerToothCredits;
  const hundredths = Math.round(recalculationFactor * 100);
  const recalculation = teeth.recalculation ?? false;
  const credits = recalculation ? Math.ceil((base * hundredths) / 100) : base;
  return {
    credits,
    upper_tooth_credits: costs.upperToothCredits,
    lower_tooth_credits: costs.lowerToothCredits,
    teeth: { upper, lower },
    recalculation,
    recalculation_factor: hundredths / 100,
    country,
    source: costs.source,
  };
}

/**
 * THE pricing function of cases: what a case with these teeth costs in a country (ISO alpha-2; null or a
 * country without a country credits row: the settings' default tooth costs). The cases area calls it in the
 * transaction that spends the credits, so price and spend see the same costs.
 */
export async function priceCase(
  db: DbOrTx,
  input: CaseTeeth & { country: string | null | undefined },
): Promise<CasePrice> {
  const country = input.country ? input.country.toUpperCase() : null;
  const settings = await readCreditSettings(db);
  const row = country ? await findCountryCredit(db, country) : undefined;
  const costs: ToothCosts = row
    ? { upperToothCredits: row.upperToothCredits, lowerToothCredits: row.lowerToothCredits, source: 'country' }
    : {
        upperToothCredits: settings.defaultUpperToothCredits,
        lowerToothCredits: settings.defaultLowerToothCredits,
        source: 'default',
      };
  return casePriceOf(costs, settings.recalculationFactor, input, country);
}
