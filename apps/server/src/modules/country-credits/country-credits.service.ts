import type {
  CasePrice,
  CountryCredit,
  CountryCreditListQuery,
  CreditSettings,
  casePriceInputSchema,
  countryCreditInputSchema,
  countryCreditUpdateSchema,
  creditSettingsUpdateSchema,
} from '@cuspid/contracts/packages';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { findVisibleCompanyCountry } from '../companies';
import { priceCase } from './case-price';
import * as repo from './country-credits.repository';

type CountryCreditCreate = z.output<typeof countryCreditInputSchema>;
type CountryCreditChange = z.output<typeof countryCreditUpdateSchema>;
type SettingsChange = z.output<typeof creditSettingsUpdateSchema>;
type CasePriceRequest = z.output<typeof casePriceInputSchema>;

function toCountryCredit(row: repo.CountryCreditRow): CountryCredit {
  return {
    id: row.id,
    country: row.country,
    upper_tooth_credits: row.upperToothCredits,
    lower_tooth_credits: row.lowerToothCredits,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toSettings(row: repo.CreditSettingsRow): CreditSettings {
  return {
    recalculation_factor: Number(row.recalculationFactor),
    default_upper_tooth_credits: row.defaultUpperToothCredits,
    default_lower_tooth_credits: row.defaultLowerToothCredits,
    updated_at: row.updatedAt.toISOString(),
  };
}

const snapshot = ({ created_at: _c, updated_at: _u, ...rest }: CountryCredit) => rest;

const countryTaken = (country: string) => {
  const message = new AppError('COUNTRY_CREDIT_TAKEN', { params: { country } }).message;
  return new AppError('COUNTRY_CREDIT_TAKEN', { params: { country }, errors: { country: [message] } });
};

// --- Country credits --------------------------------------------------------------------------

export async function listCountryCredits(deps: Deps, query: CountryCreditListQuery) {
  const { data, total } = await repo.listCountryCredits(deps.db, query);
  return { data: data.map(toCountryCredit), total };
}

export async function getCountryCredit(deps: Deps, id: string): Promise<CountryCredit> {
  const row = await repo.findCountryCreditById(deps.db, id);
  if (!row) throw notFound();
  return toCountryCredit(row);
}

export async function createCountryCredit(deps: Deps, actor: Actor, body: CountryCreditCreate): Promise<CountryCredit> {
  return deps.db.transaction(async (tx) => {
    await repo.lockCountryCredits(tx);
    // A country that has a row inserts nothing.
    const row = await repo.insertCountryCredit(tx, {
      country: body.country,
      upperToothCredits: body.upper_tooth_credits,
      lowerToothCredits: body.lower_tooth_credits,
    });
    if (!row) throw countryTaken(body.country);
    const created = toCountryCredit(row);
    await recordAudit(tx, actor, {
      entity: 'country-credit',
      entityId: row.id,
      action: 'create',
      after: snapshot(created),
    });
    return created;
  });
}

export async function updateCountryCredit(
  deps: Deps,
  actor: Actor,
  id: string,
  body: CountryCreditChange,
): Promise<CountryCredit> {
  return deps.db.transaction(async (tx) => {
    await repo.lockCountryCredits(tx);
    const existing = await repo.findCountryCreditById(tx, id, 'update');
    if (!existing) throw notFound();
    if (body.country !== undefined && body.country !== existing.country) {
      if (await repo.findCountryCredit(tx, body.country)) throw countryTaken(body.country);
    }
    const row = await repo.updateCountryCredit(tx, id, {
      ...(body.country !== undefined ? { country: body.country } : {}),
      ...(body.upper_tooth_credits !== undefined ? { upperToothCredits: body.upper_tooth_credits } : {}),
      ...(body.lower_tooth_credits !== undefined ? { lowerToothCredits: body.lower_tooth_credits } : {}),
    });
    if (!row) throw notFound();
    const updated = toCountryCredit(row);
    await recordAudit(tx, actor, {
      entity: 'country-credit',
      entityId: id,
      action: 'update',
      before: snapshot(toCountryCredit(existing)),
      after: snapshot(updated),
    });
    return updated;
  });
}

export async function deleteCountryCredit(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const existing = await repo.findCountryCreditById(tx, id, 'update');
    if (!existing || !(await repo.deleteCountryCredit(tx, id))) throw notFound();
    await recordAudit(tx, actor, {
      entity: 'country-credit',
      entityId: id,
      action: 'delete',
      before: snapshot(toCountryCredit(existing)),
    });
  });
  return { message: 'The tooth costs of the country were deleted; it costs the default tooth costs again' };
}

// --- Credit settings --------------------------------------------------------------------------

export async function getCreditSettings(deps: Deps): Promise<CreditSettings> {
  return toSettings(await repo.readCreditSettings(deps.db));
}

export async function updateCreditSettings(deps: Deps, actor: Actor, body: SettingsChange): Promise<CreditSettings> {
  return deps.db.transaction(async (tx) => {
    const before = toSettings(await repo.readCreditSettings(tx, 'update'));
    await repo.writeCreditSettings(tx, {
      ...(body.recalculation_factor !== undefined ? { recalculationFactor: body.recalculation_factor } : {}),
      ...(body.default_upper_tooth_credits !== undefined
        ? { defaultUpperToothCredits: body.default_upper_tooth_credits }
        : {}),
      ...(body.default_lower_tooth_credits !== undefined
        ? { defaultLowerToothCredits: body.default_lower_tooth_credits }
        : {}),
    });
    const after = toSettings(await repo.readCreditSettings(tx));
    const { updated_at: _b, ...beforeValues } = before;
    const { updated_at: _a, ...afterValues } = after;
    await recordAudit(tx, actor, {
      entity: 'credit-settings',
      entityId: '1',
      action: 'update',
      before: beforeValues,
      after: afterValues,
    });
    return after;
  });
}

// --- What a case costs ------------------------------------------------------------------------

/**
 * POST /case-price: what a case with these teeth costs a company (default: the caller's) in its country, or,
 * with `country`, in that country. A company out of the caller's reach is 404.
 */
export async function quoteCasePrice(deps: Deps, actor: Actor, body: CasePriceRequest): Promise<CasePrice> {
  let country = body.country ?? null;
  if (!body.country || body.company_id) {
    const company = await findVisibleCompanyCountry(deps.db, actor, body.company_id ?? actor.companyId);
    if (!company) throw notFound();
    country ??= company.country;
  }
  return priceCase(deps.db, {
    country,
    upperTeeth: body.upper_teeth,
    lowerTeeth: body.lower_teeth,
    recalculation: body.recalculation,
  });
}
