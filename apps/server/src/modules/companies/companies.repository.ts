import type { CompanyListQuery, PartnerRelation } from '@cuspid/contracts/companies';
import { aliasedTable, and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type DbOrTx, queryRows } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { backendPage, listPage, oneRow } from '../../db/paging';
import { rankedSearch, SEARCH_CANDIDATES, searchMatch } from '../../db/search-match';
import type { Actor } from '../../lib/actor';
import { companyScope } from '../../lib/company-scope';
import { carriesFlag, carriesTag } from '../flags';
import { roles } from '../roles/roles.schema';
import { userRoles, users } from '../users/users.schema';
import { companies, companyBankAccounts } from './companies.schema';

export type CompanyRow = typeof companies.$inferSelect;
export type BankAccountRow = typeof companyBankAccounts.$inferSelect;
export type CompanyValues = Partial<typeof companies.$inferInsert>;

const live = isNull(companies.deletedAt);
const visible = (actor: Actor) => and(live, companyScope(actor, companies.id));

const reseller = aliasedTable(companies, 'reseller');
const salesPartner = aliasedTable(companies, 'sales_partner');
const servicePartner = aliasedTable(companies, 'service_partner');

const sortColumns = {
  company_name: companies.companyName,
  company_number: companies.companyNumber,
  country: companies.country,
  city: companies.city,
  created_at: companies.createdAt,
} as const;

export type CompanyWithPartners = {
  company: CompanyRow;
  reseller: { id: string; companyName: string } | null;
  salesPartner: { id: string; companyName: string } | null;
  servicePartner: { id: string; companyName: string } | null;
};

function selectWithPartners(db: DbOrTx) {
  return db
    .select({
      company: companies,
      reseller: { id: reseller.id, companyName: reseller.companyName },
      salesPartner: { id: salesPartner.id, companyName: salesPartner.companyName },
      servicePartner: { id: servicePartner.id, companyName: servicePartner.companyName },
    })
    .from(companies)
    .leftJoin(reseller, eq(reseller.id, companies.resellerId))
    .leftJoin(salesPartner, eq(salesPartner.id, companies.salesPartnerId))
    .leftJoin(servicePartner, eq(servicePartner.id, companies.servicePartnerId));
}

function listWhere(
  actor: Actor,
  query: Pick<CompanyListQuery, 'search' | 'country' | 'partner_id' | 'flag_id' | 'tag_id'>,
): SQL | undefined {
  const search = query.search ? likePattern(query.search) : undefined;
  return and(
    visible(actor),
    search
      ? or(
          ilike(companies.companyName, search),
          ilike(companies.companyNumber, search),
          ilike(companies.city, search),
          ilike(companies.vatId, search),
          ilike(companies.contactPerson, search),
        )
      : undefined,
    query.country ? eq(companies.country, query.country) : undefined,
    query.partner_id
      ? or(
          eq(companies.resellerId, query.partner_id),
          eq(companies.salesPartnerId, query.partner_id),
          eq(companies.servicePartnerId, query.partner_id),
        )
      : undefined,
    query.flag_id ? carriesFlag('company', companies.id, query.flag_id) : undefined,
    query.tag_id ? carriesTag('company', companies.id, query.tag_id) : undefined,
  );
}

export async function listCompanies(db: DbOrTx, actor: Actor, query: CompanyListQuery) {
  const where = listWhere(actor, query);
  const order = query.sort_dir === 'desc' ? desc : asc;
  const { data, total } = await listPage(
    db,
    selectWithPartners(db).where(where).orderBy(order(sortColumns[query.sort_by]), asc(companies.id)).$dynamic(),
    db.select(oneRow).from(companies).where(where).$dynamic(),
    backendPage(query),
  );
  return { data: data as CompanyWithPartners[], total };
}

/** A live company the actor may see; `lock` holds its row until the transaction ends (reads that feed a write). */
export async function findVisibleCompany(
  db: DbOrTx,
  actor: Actor,
  id: string,
  lock?: 'update',
): Promise<CompanyWithPartners | undefined> {
  // Locked apart from the read: FOR UPDATE cannot take the nullable side of the partners' outer joins.
  if (lock)
    await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.id, id), visible(actor)))
      .for(lock);
  const [row] = await selectWithPartners(db)
    .where(and(eq(companies.id, id), visible(actor)))
    .limit(1);
  return row as CompanyWithPartners | undefined;
}

/**
 * A live company within the actor's reach, with only its id and country (what credits and prices depend
 * on; findVisibleCompany reads the whole company with its partners); undefined when it does not exist or is
 * out of reach, which callers answer with 404.
 */
export async function findVisibleCompanyCountry(db: DbOrTx, actor: Actor, companyId: string) {
  const [row] = await db
    .select({ id: companies.id, country: companies.country })
    .from(companies)
    .where(and(eq(companies.id, companyId), visible(actor)));
  return row;
}

/** A live company within the actor's reach, its row alone (no partners); undefined when out of reach (404). */
export async function findVisibleCompanyRow(db: DbOrTx, actor: Actor, id: string): Promise<CompanyRow | undefined> {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), visible(actor)));
  return row;
}

/** A company's two addresses for invoice mails (invoiceMailAddress picks one); undefined for no such company. */
export async function findInvoiceMailAddresses(
  db: DbOrTx,
  id: string,
): Promise<Pick<CompanyRow, 'invoiceEmailAddress' | 'warningMailAddress'> | undefined> {
  const [row] = await db
    .select({ invoiceEmailAddress: companies.invoiceEmailAddress, warningMailAddress: companies.warningMailAddress })
    .from(companies)
    .where(eq(companies.id, id));
  return row;
}

/** Of the given ids, those the actor may see (live companies in its scope). */
export async function filterVisibleCompanyIds(db: DbOrTx, actor: Actor, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(inArray(companies.id, ids), visible(actor)));
  return rows.map((r) => r.id);
}

export async function findCompanyByNumber(db: DbOrTx, companyNumber: string) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.companyNumber, companyNumber))
    .limit(1);
  return row;
}

export async function insertCompany(db: DbOrTx, values: typeof companies.$inferInsert): Promise<CompanyRow> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

/**
 * Updates a live company in the actor's scope; the scope is part of the statement, so a company that left
 * the actor's reach meanwhile is not written. False when no row matched.
 */
export async function updateCompany(db: DbOrTx, actor: Actor, id: string, values: CompanyValues): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(companies.id, id), visible(actor)))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** Marks a live company in the actor's scope deleted; false when no row matched. */
export async function softDeleteCompany(db: DbOrTx, actor: Actor, id: string): Promise<boolean> {
  const rows = await db
    .update(companies)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(companies.id, id), visible(actor)))
    .returning({ id: companies.id });
  return rows.length > 0;
}

/** Live companies that name this one as a partner, per relation (a company may name it twice). */
export async function countDependants(
  db: DbOrTx,
  id: string,
): Promise<{ resellers: number; salesPartners: number; servicePartners: number }> {
  const counted = (column: PgColumn) => sql<number>`count(*) filter (where ${column} = ${id})`.mapWith(Number);
  const [row] = await db
    .select({
      resellers: counted(companies.resellerId),
      salesPartners: counted(companies.salesPartnerId),
      servicePartners: counted(companies.servicePartnerId),
    })
    .from(companies)
    .where(
      and(live, or(eq(companies.resellerId, id), eq(companies.salesPartnerId, id), eq(companies.servicePartnerId, id))),
    );
  return row ?? { resellers: 0, salesPartners: 0, servicePartners: 0 };
}

/** The reseller chain above a company (its reseller, that one's reseller, …), nearest first. */
export async function findResellerChain(db: DbOrTx, companyId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with recursive chain(id, depth) as (
          select c.reseller_id, 1 from ${companies} c where c.id = ${companyId} and c.reseller_id is not null
          union
          select c.reseller_id, chain.depth + 1 from ${companies} c join chain on c.id = chain.id
          where c.reseller_id is not null and chain.depth < 100
        )
        select id from chain order by depth`,
  );
  return rows.map((r) => r.id);
}

export async function listBankAccounts(db: DbOrTx, companyIds: string[]): Promise<BankAccountRow[]> {
  if (!companyIds.length) return [];
  return db
    .select()
    .from(companyBankAccounts)
    .where(inArray(companyBankAccounts.companyId, companyIds))
    .orderBy(asc(companyBankAccounts.position));
}

/** Replaces the bank accounts of a company in the actor's scope (the scope is part of the delete). */
export async function replaceBankAccounts(
  db: DbOrTx,
  actor: Actor,
  companyId: string,
  accounts: Omit<typeof companyBankAccounts.$inferInsert, 'companyId' | 'position'>[],
): Promise<void> {
  await db
    .delete(companyBankAccounts)
    .where(and(eq(companyBankAccounts.companyId, companyId), companyScope(actor, companyBankAccounts.companyId)));
  if (!accounts.length) return;
  await db.insert(companyBankAccounts).values(accounts.map((a, position) => ({ ...a, companyId, position })));
}

const PARTNER_ROLE_TYPES: Record<PartnerRelation, string> = {
  reseller: 'reseller',
  'sales-partner': 'sales-partner',
  'service-partner': 'service-partner',
};

/**
 * Companies that can act as partners: live companies in the actor's scope with at least one active
 * user holding a role of that partner type.
 */
export async function listPartnerCompanies(
  db: DbOrTx,
  actor: Actor,
  query: { type?: PartnerRelation; search?: string; page: number; per_page: number },
) {
  const types = query.type ? [PARTNER_ROLE_TYPES[query.type]] : Object.values(PARTNER_ROLE_TYPES);
  const search = query.search ? likePattern(query.search) : undefined;
  const where = and(
    visible(actor),
    search ? ilike(companies.companyName, search) : undefined,
    inArray(roles.partnerType, types),
    eq(users.isActive, true),
    isNull(users.deletedAt),
  );
  const base = db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      companyNumber: companies.companyNumber,
      country: companies.country,
      types: sql<string[]>`array_agg(distinct ${roles.partnerType})`,
    })
    .from(companies)
    .innerJoin(users, eq(users.companyId, companies.id))
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(where)
    .groupBy(companies.id);
  const { data, total } = await listPage(
    db,
    base.orderBy(asc(companies.companyName), asc(companies.id)).$dynamic(),
    db.select(oneRow).from(base.as('partners')).$dynamic(),
    backendPage(query),
  );
  return { data, total };
}

/** Companies directly below a partner (naming it as reseller, sales partner or service partner), in scope. */
export async function listChildCompanies(
  db: DbOrTx,
  actor: Actor,
  partnerId: string,
  query: { search?: string; page: number; per_page: number },
) {
  const search = query.search ? likePattern(query.search) : undefined;
  const where = and(
    visible(actor),
    or(
      eq(companies.resellerId, partnerId),
      eq(companies.salesPartnerId, partnerId),
      eq(companies.servicePartnerId, partnerId),
    ),
    search ? ilike(companies.companyName, search) : undefined,
  );
  const { data, total } = await listPage(
    db,
    db
      .select({
        id: companies.id,
        companyName: companies.companyName,
        companyNumber: companies.companyNumber,
        country: companies.country,
        resellerId: companies.resellerId,
        salesPartnerId: companies.salesPartnerId,
        servicePartnerId: companies.servicePartnerId,
      })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.companyName), asc(companies.id))
      .$dynamic(),
    db.select(oneRow).from(companies).where(where).$dynamic(),
    backendPage(query),
  );
  return { data, total };
}

/**
 * The logo key of a live company the actor may see, with the row locked until the transaction ends
 * (two uploads at once must not both keep the same old logo to delete); undefined when not visible.
 */
export async function lockVisibleCompanyLogo(
  db: DbOrTx,
  actor: Actor,
  id: string,
): Promise<{ logoKey: string | null } | undefined> {
  const [row] = await db
    .select({ logoKey: companies.logoKey })
    .from(companies)
    .where(and(eq(companies.id, id), isNull(companies.deletedAt), companyScope(actor, companies.id)))
    .for('update');
  return row;
}

/**
 * A number the back office chose that the sequence could still reach moves the sequence past it, so
 * a later company (form, import or registration) never draws a number that is taken (ADR 0060). Only
 * plain digits can collide with the sequence; the sequence never moves back.
 */
export async function keepCompanyNumbersAhead(db: DbOrTx, numbers: readonly (string | null | undefined)[]) {
  const highest = numbers
    .filter((n): n is string => typeof n === 'string' && /^\d{1,18}$/.test(n))
    .reduce<bigint | null>((max, n) => (max === null || BigInt(n) > max ? BigInt(n) : max), null);
  if (highest === null) return;
  await db.execute(
    sql`select setval('backend.company_number_seq', greatest(${highest.toString()}::bigint, last_value)) from backend.company_number_seq`,
  );
}

/** The global search's companies (ADR 0080): the list's scope, matched on name and number, the first matches ranked. */
export function searchCompanies(db: DbOrTx, actor: Actor, term: string, limit: number) {
  const match = searchMatch(term, [companies.companyName, companies.companyNumber]);
  const candidates = db
    .select({
      id: companies.id,
      companyName: companies.companyName,
      companyNumber: companies.companyNumber,
      city: companies.city,
      rank: sql<number>`${match.rank}`.as('rank'),
    })
    .from(companies)
    .where(and(visible(actor), match.where))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  return rankedSearch(
    db,
    candidates,
    ['id', 'companyName', 'companyNumber', 'city'],
    [asc(candidates.companyName)],
    limit,
  );
}
