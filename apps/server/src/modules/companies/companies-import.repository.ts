import { aliasedTable, and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, queryRows } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { companies, companyBankAccounts } from './companies.schema';

/** Parameters per statement stay far below PostgreSQL's 65,535. */
const CHUNK = 1000;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const reseller = aliasedTable(companies, 'reseller');
const salesPartner = aliasedTable(companies, 'sales_partner');
const servicePartner = aliasedTable(companies, 'service_partner');

export type ImportTarget = {
  company: typeof companies.$inferSelect;
  resellerName: string | null;
  salesPartnerName: string | null;
  servicePartnerName: string | null;
  visible: boolean;
};

/**
 * The companies holding these numbers (deleted ones too: their numbers stay taken), each with its
 * partners' names and whether the actor may see it.
 */
export async function findByCompanyNumbers(db: DbOrTx, actor: Actor, numbers: string[]): Promise<ImportTarget[]> {
  const out: ImportTarget[] = [];
  for (const part of chunks(numbers)) {
    const rows = (await db
      .select({
        company: companies,
        resellerName: reseller.companyName,
        salesPartnerName: salesPartner.companyName,
        servicePartnerName: servicePartner.companyName,
      })
      .from(companies)
      .leftJoin(reseller, eq(reseller.id, companies.resellerId))
      .leftJoin(salesPartner, eq(salesPartner.id, companies.salesPartnerId))
      .leftJoin(servicePartner, eq(servicePartner.id, companies.servicePartnerId))
      .where(inArray(companies.companyNumber, part))) as unknown as Omit<ImportTarget, 'visible'>[];
    const ids = rows.map((r) => r.company.id);
    const visible = new Set(
      ids.length
        ? (
            await db
              .select({ id: companies.id })
              .from(companies)
              .where(and(inArray(companies.id, ids), isNull(companies.deletedAt), companyScope(actor, companies.id)))
          ).map((r) => r.id)
        : [],
    );
    out.push(...rows.map((r) => ({ ...r, visible: visible.has(r.company.id) })));
  }
  return out;
}

/** Live companies in the actor's scope carrying one of these names (names are not unique). */
export async function findVisibleByNames(db: DbOrTx, actor: Actor, names: string[]) {
  const out: { id: string; companyName: string }[] = [];
  for (const part of chunks(names)) {
    out.push(
      ...(await db
        .select({ id: companies.id, companyName: companies.companyName })
        .from(companies)
        .where(
          and(inArray(companies.companyName, part), isNull(companies.deletedAt), companyScope(actor, companies.id)),
        )),
    );
  }
  return out;
}

export async function listBankAccounts(db: DbOrTx, companyIds: string[]) {
  const out: (typeof companyBankAccounts.$inferSelect)[] = [];
  for (const part of chunks(companyIds)) {
    out.push(
      ...(await db
        .select()
        .from(companyBankAccounts)
        .where(inArray(companyBankAccounts.companyId, part))
        .orderBy(asc(companyBankAccounts.position))),
    );
  }
  return out;
}

/** Inserts companies in batches; answers their ids by company number. */
export async function insertCompanies(
  db: DbOrTx,
  rows: (typeof companies.$inferInsert)[],
  batchSize: number,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const part of chunks(rows, batchSize)) {
    const inserted = await db
      .insert(companies)
      .values(part)
      .returning({ id: companies.id, companyNumber: companies.companyNumber });
    for (const r of inserted) ids.set(r.companyNumber, r.id);
  }
  return ids;
}

export async function insertBankAccounts(
  db: DbOrTx,
  rows: (typeof companyBankAccounts.$inferInsert)[],
  batchSize: number,
): Promise<void> {
  for (const part of chunks(rows, batchSize)) await db.insert(companyBankAccounts).values(part);
}

/** Updates a live company in the actor's scope (the scope is part of the statement); false when none matched. */
export async function updateCompany(
  db: DbOrTx,
  actor: Actor,
  id: string,
  values: Partial<typeof companies.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(companies.id, id), isNull(companies.deletedAt), companyScope(actor, companies.id)))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** Makes this account the company's default (the others lose the flag); null: none is the default. */
export async function setDefaultBankAccount(db: DbOrTx, actor: Actor, companyId: string, accountId: string | null) {
  await db
    .update(companyBankAccounts)
    .set({ isDefault: accountId ? sql`${companyBankAccounts.id} = ${accountId}` : false, updatedAt: new Date() })
    .where(and(eq(companyBankAccounts.companyId, companyId), companyScope(actor, companyBankAccounts.companyId)));
}

/** The next company numbers of the sequence the company form draws from (ADR 0060). */
export async function drawCompanyNumbers(db: DbOrTx, count: number): Promise<string[]> {
  if (!count) return [];
  const rows = await queryRows<{ number: string }>(
    db,
    sql`select nextval('backend.company_number_seq')::text as number from generate_series(1, ${count}::int)`,
  );
  return rows.map((r) => r.number);
}
