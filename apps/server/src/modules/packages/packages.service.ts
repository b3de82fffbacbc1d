import type {
  AvailablePackages,
  CountryPackage,
  CountryPackageListQuery,
  countryPackageInputSchema,
  countryPackageUpdateSchema,
  Package,
  PackageListQuery,
  packageInputSchema,
  packageUpdateSchema,
} from '@cuspid/contracts/packages';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { findVisibleCompanyCountry } from '../companies';
import { offerIn } from './packages.policy';
import * as repo from './packages.repository';

type PackageCreate = z.output<typeof packageInputSchema>;
type PackageChange = z.output<typeof packageUpdateSchema>;
type CountryPackageCreate = z.output<typeof countryPackageInputSchema>;
type CountryPackageChange = z.output<typeof countryPackageUpdateSchema>;

export function toPackage(row: repo.PackageRow): Package {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    credits: row.credits,
    price_cents: row.priceCents,
    currency: row.currency,
    credit_type: row.creditType as Package['credit_type'],
    active: row.active,
    sort_order: row.sortOrder,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toCountryPackage(row: repo.CountryPackageRow): CountryPackage {
  return {
    id: row.id,
    package_id: row.packageId,
    package_name: row.packageName,
    country: row.country,
    price_cents: row.priceCents,
    currency: row.currency,
    available: row.available,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a record (its bookkeeping times are not part of it). */
const snapshot = <T extends { created_at: string; updated_at: string }>({
  created_at: _c,
  updated_at: _u,
  ...rest
}: T) => rest;

// --- Credit packages --------------------------------------------------------------------------

export async function listPackages(deps: Deps, query: PackageListQuery) {
  const { data, total } = await repo.listPackages(deps.db, query);
  return { data: data.map(toPackage), total };
}

export async function getPackage(deps: Deps, id: string): Promise<Package> {
  const row = await repo.findPackage(deps.db, id);
  if (!row) throw notFound();
  return toPackage(row);
}

export async function createPackage(deps: Deps, actor: Actor, body: PackageCreate): Promise<Package> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertPackage(tx, {
      name: body.name,
      description: body.description,
      credits: body.credits,
      priceCents: body.price_cents,
      currency: body.currency,
      creditType: body.credit_type,
      active: body.active,
      sortOrder: body.sort_order,
    });
    const created = toPackage(row);
    await recordAudit(tx, actor, { entity: 'package', entityId: row.id, action: 'create', after: snapshot(created) });
    return created;
  });
}

export async function updatePackage(deps: Deps, actor: Actor, id: string, body: PackageChange): Promise<Package> {
  return deps.db.transaction(async (tx) => {
    const existing = await repo.findPackage(tx, id, 'update');
    if (!existing) throw notFound();
    const row = await repo.updatePackage(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.credits !== undefined ? { credits: body.credits } : {}),
      ...(body.price_cents !== undefined ? { priceCents: body.price_cents } : {}),
      ...(body.currency !== undefined ? { currency: body.currency } : {}),
      ...(body.credit_type !== undefined ? { creditType: body.credit_type } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.sort_order !== undefined ? { sortOrder: body.sort_order } : {}),
    });
    if (!row) throw notFound();
    const updated = toPackage(row);
    await recordAudit(tx, actor, {
      entity: 'package',
      entityId: id,
      action: 'update',
      before: snapshot(toPackage(existing)),
      after: snapshot(updated),
    });
    return updated;
  });
}

/** Marks the package deleted: it leaves every list and lookup, and the ledger entries naming it stay valid. */
export async function deletePackage(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const existing = await repo.findPackage(tx, id, 'update');
    if (!existing || !(await repo.markPackageDeleted(tx, id))) throw notFound();
    await recordAudit(tx, actor, {
      entity: 'package',
      entityId: id,
      action: 'delete',
      before: snapshot(toPackage(existing)),
    });
  });
  return { message: 'The package was deleted' };
}

// --- Country packages -------------------------------------------------------------------------

const countryTaken = (country: string) =>
  new AppError('COUNTRY_PACKAGE_TAKEN', {
    params: { country },
    errors: { country: [new AppError('COUNTRY_PACKAGE_TAKEN', { params: { country } }).message] },
  });

/**
 * One price per package and country: the package's row is locked first, so two requests for the same
 * package check and write one after the other (the unique index stays the last guard).
 */
async function assertCountryFree(tx: DbOrTx, packageId: string, country: string, exceptId?: string) {
  const found = await repo.findCountryPackageFor(tx, packageId, country);
  if (found && found.id !== exceptId) throw countryTaken(country);
}

export async function listCountryPackages(deps: Deps, query: CountryPackageListQuery) {
  const { data, total } = await repo.listCountryPackages(deps.db, query);
  return { data: data.map(toCountryPackage), total };
}

export async function getCountryPackage(deps: Deps, id: string): Promise<CountryPackage> {
  const row = await repo.findCountryPackage(deps.db, id);
  if (!row) throw notFound();
  return toCountryPackage(row);
}

export async function createCountryPackage(
  deps: Deps,
  actor: Actor,
  body: CountryPackageCreate,
): Promise<CountryPackage> {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.findPackage(tx, body.package_id, 'update'))) {
      const message = new AppError('PACKAGE_NOT_FOUND').message;
      throw new AppError('PACKAGE_NOT_FOUND', { errors: { package_id: [message] } });
    }
    await assertCountryFree(tx, body.package_id, body.country);
    const id = await repo.insertCountryPackage(tx, {
      packageId: body.package_id,
      country: body.country,
      priceCents: body.price_cents,
      currency: body.currency,
      available: body.available,
    });
    const created = toCountryPackage((await repo.findCountryPackage(tx, id))!);
    await recordAudit(tx, actor, {
      entity: 'country-package',
      entityId: id,
      action: 'create',
      after: snapshot(created),
    });
    return created;
  });
}

export async function updateCountryPackage(
  deps: Deps,
  actor: Actor,
  id: string,
  body: CountryPackageChange,
): Promise<CountryPackage> {
  return deps.db.transaction(async (tx) => {
    const existing = await repo.findCountryPackage(tx, id);
    if (!existing || !(await repo.findPackage(tx, existing.packageId, 'update'))) throw notFound();
    if (body.country !== undefined) await assertCountryFree(tx, existing.packageId, body.country, id);
    const written = await repo.updateCountryPackage(tx, id, {
      ...(body.country !== undefined ? { country: body.country } : {}),
      ...(body.price_cents !== undefined ? { priceCents: body.price_cents } : {}),
      ...(body.currency !== undefined ? { currency: body.currency } : {}),
      ...(body.available !== undefined ? { available: body.available } : {}),
    });
    if (!written) throw notFound();
    const updated = toCountryPackage((await repo.findCountryPackage(tx, id))!);
    await recordAudit(tx, actor, {
      entity: 'country-package',
      entityId: id,
      action: 'update',
      before: snapshot(toCountryPackage(existing)),
      after: snapshot(updated),
    });
    return updated;
  });
}

export async function deleteCountryPackage(deps: Deps, actor: Actor, id: string) {
  await deps.db.transaction(async (tx) => {
    const existing = await repo.findCountryPackage(tx, id);
    if (!existing || !(await repo.deleteCountryPackage(tx, id))) throw notFound();
    await recordAudit(tx, actor, {
      entity: 'country-package',
      entityId: id,
      action: 'delete',
      before: snapshot(toCountryPackage(existing)),
    });
  });
  return { message: 'The country price was deleted' };
}

// --- What a company can buy -------------------------------------------------------------------

/**
 * The active packages a company (default: the caller's) can buy in its country, by sort order: with the
 * country's price where a country package sets one, the package's own price otherwise; a country package
 * marked unavailable hides the package there. Another company out of the caller's reach is 404.
 */
export async function listAvailablePackages(
  deps: Deps,
  actor: Actor,
  companyId = actor.companyId,
): Promise<AvailablePackages> {
  const company = await findVisibleCompanyCountry(deps.db, actor, companyId);
  if (!company) throw notFound();
  return listPackagesOfferedTo(deps, company);
}

/** listAvailablePackages for a company the caller has read already (and found within the actor's reach). */
export async function listPackagesOfferedTo(
  deps: Deps,
  company: { id: string; country: string | null },
): Promise<AvailablePackages> {
  const country = company.country?.toUpperCase() ?? null;
  const offered = await repo.listActivePackagesIn(deps.db, country);
  const data = offered.flatMap(({ pkg, countryPackage }) => {
    const offer = offerIn(pkg, countryPackage);
    if (!offer) return [];
    return [
      {
        id: pkg.id,
        name: pkg.name,
        description: pkg.description,
        credits: pkg.credits,
        credit_type: pkg.creditType as Package['credit_type'],
        sort_order: pkg.sortOrder,
        ...offer,
      },
    ];
  });
  return { company_id: company.id, country, data };
}
