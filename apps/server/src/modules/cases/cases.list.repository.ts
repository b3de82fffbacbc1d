import { countCapOf } from '@cuspid/contracts';
import type { CaseListQuery } from '@cuspid/contracts/cases';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import {
  jsonArrayAgg,
  jsonCode,
  jsonNumber,
  jsonNumbers,
  jsonObject,
  jsonOr,
  jsonString,
  jsonTimestamp,
} from '../../db/json-text';
import { likePattern } from '../../db/like-pattern';
import { backendPage, cappedCountsOf } from '../../db/paging';
import { personName } from '../../db/person-name';
import { ShapedStatements } from '../../db/shaped-statements';
import type { Actor } from '../../lib/actor';
import { companies } from '../companies/companies.schema';
import { flags, recordFlags, recordTags } from '../flags/flags.schema';
import { users } from '../users/users.schema';
import { caseJaws, cases } from './cases.schema';
import { caseScope } from './cases.tables';

/**
 * GET /api/case-lists (ADR 0103, 0104): one prepared statement per shape of the list, and the page's JSON written
 * by PostgreSQL. The statement picks the page's ids (filters, order, offset, limit), renders those cases with
 * their company, creator, locker, jaws and labels as the answer's `data` array, and counts the matches up to the
 * cap (ADR 0085) in the same round trip. The server neither builds SQL nor parses rows nor encodes the answer:
 * it binds the values and sends the text. `caseListItemSchema` is the contract; the list's tests hold every row to
 * it and to what GET /api/case-lists/{id} answers for the same case.
 */

/** The values a list's statement binds; a filter absent from the query is absent here (and from the shape). */
type ListValues = {
  scopeCompany?: string;
  status?: string;
  statuses?: string[];
  search?: string;
  companyId?: string;
  from?: string;
  to?: string;
  flagId?: string;
  tagId?: string;
};

const SORT_COLUMNS = {
  created_at: cases.createdAt,
  updated_at: cases.updatedAt,
  name: sql`lower(${cases.name})`,
  patient: sql`lower(${cases.patient})`,
  status: cases.status,
} as const;

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

function listValues(actor: Actor, query: CaseListQuery): ListValues {
  const values: ListValues = {};
  if (!actor.isStaff) values.scopeCompany = actor.companyId;
  if (query.status?.length === 1) values.status = query.status[0];
  else if (query.status?.length) values.statuses = query.status;
  if (query.search) values.search = likePattern(query.search);
  if (query.company_id) values.companyId = query.company_id;
  if (query.from) values.from = `${query.from}T00:00:00.000Z`;
  if (query.to) values.to = dayAfter(query.to);
  if (query.flag_id) values.flagId = query.flag_id;
  if (query.tag_id) values.tagId = query.tag_id;
  return values;
}

/** The filter of a shape: a placeholder for each value present. */
function listWhere(actor: Actor, values: ListValues): SQL | undefined {
  const p = (name: keyof ListValues) => sql.placeholder(name);
  return and(
    values.scopeCompany ? caseScope(actor, p('scopeCompany')) : undefined,
    values.status ? sql`${cases.status} = ${p('status')}::text` : undefined,
    values.statuses ? sql`${cases.status} = any(${p('statuses')}::text[])` : undefined,
    // Without a status the list leaves out the trash and the hidden cases.
    values.status || values.statuses ? undefined : sql`${cases.status} not in ('trash', 'hidden')`,
    values.search
      ? sql`(${cases.name} ilike ${p('search')}::text or ${cases.patient} ilike ${p('search')}::text)`
      : undefined,
    values.companyId ? sql`${cases.companyId} = ${p('companyId')}::uuid` : undefined,
    values.from ? sql`${cases.createdAt} >= ${p('from')}::timestamptz` : undefined,
    values.to ? sql`${cases.createdAt} < ${p('to')}::timestamptz` : undefined,
    values.flagId
      ? sql`exists (select 1 from ${recordFlags} rf where rf.record_type = 'case' and rf.record_id = ${cases.id} and rf.flag_id = ${p('flagId')}::uuid)`
      : undefined,
    values.tagId
      ? sql`exists (select 1 from ${recordTags} rt where rt.record_type = 'case' and rt.record_id = ${cases.id} and rt.tag_id = ${p('tagId')}::uuid)`
      : undefined,
  );
}

const creator = sql`creator`;
const locker = sql`locker`;

/** A flag or tag as `flagRefSchema` writes it. */
const labelJson = jsonObject({
  id: jsonCode(sql`f.id`),
  name: jsonString(sql`f.name`),
  colour: jsonString(sql`f.colour`),
});

/** A case as a row of the list (`caseListItemSchema`), as JSON text. */
const itemJson = jsonObject({
  id: jsonCode(cases.id),
  company_id: jsonCode(cases.companyId),
  company_name: jsonString(companies.companyName),
  name: jsonString(cases.name),
  patient: jsonString(cases.patient),
  patient_birth_year: jsonNumber(cases.patientBirthYear),
  status: jsonCode(cases.status),
  previous_status: jsonCode(cases.previousStatus),
  upper_teeth: jsonNumbers(cases.upperTeeth),
  lower_teeth: jsonNumbers(cases.lowerTeeth),
  jaws: jsonOr(
    sql`select ${jsonArrayAgg(
      jsonObject({
        jaw: jsonCode(sql`j.jaw`),
        status: jsonCode(sql`j.status`),
        deleted_at: jsonTimestamp(sql`j.deleted_at`),
      }),
      sql`j.jaw desc`,
    )} from ${caseJaws} j where j.case_id = ${cases.id}`,
    '[]',
  ),
  credits_spent: jsonNumber(cases.creditsSpent),
  engine: jsonCode(cases.engine),
  processing_error: jsonString(cases.processingError),
  result_count: jsonNumber(cases.resultCount),
  locked_by: jsonCode(cases.lockedBy),
  locked_by_name: jsonString(sql`case when ${cases.lockedBy} is null then null else ${personName(locker)} end`),
  locked_at: jsonTimestamp(cases.lockedAt),
  flag: jsonOr(
    sql`select ${labelJson} from ${recordFlags} rf join ${flags} f on f.id = rf.flag_id
      where rf.record_type = 'case' and rf.record_id = ${cases.id}`,
    'null',
  ),
  tags: jsonOr(
    sql`select ${jsonArrayAgg(labelJson, sql`lower(f.name), f.id`)} from ${recordTags} rt
      join ${flags} f on f.id = rt.tag_id where rt.record_type = 'case' and rt.record_id = ${cases.id}`,
    '[]',
  ),
  created_by: jsonCode(cases.createdBy),
  created_by_name: jsonString(personName(creator)),
  created_at: jsonTimestamp(cases.createdAt),
  updated_at: jsonTimestamp(cases.updatedAt),
});

type PageRow = { data: string; total: number };

const statements = new ShapedStatements<PageRow>();

/** What a shape's statement writes as numbers rather than parameters (see `literal`). */
type PageForm = { limit: number; offset: number; countLimit: number; knownCapped: boolean };

/**
 * A whole number written into the statement. The page's size and offset and the count's limit are part of the
 * shape: as parameters, PostgreSQL's generic plan assumed a tenth of the table for each and hash-joined it.
 * Drizzle takes SQL where it takes a limit or offset.
 */
const literal = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number;

/**
 * The statement of one shape. The capped count (ADR 0085) is a scalar subquery over the same filter, so even a
 * page past the end answers in one round trip; a list remembered as past its cap skips it (ADR 0103).
 */
function buildStatement(
  db: DbOrTx,
  actor: Actor,
  values: ListValues,
  query: CaseListQuery,
  { limit, offset, countLimit, knownCapped }: PageForm,
) {
  const where = listWhere(actor, values);
  const direction = query.sort_dir === 'desc' ? desc : asc;
  const order = [direction(SORT_COLUMNS[query.sort_by]), direction(cases.id)];
  const pageIds = db
    .select({ id: cases.id })
    .from(cases)
    .where(where)
    .orderBy(...order)
    .limit(literal(limit))
    .offset(literal(offset))
    .as('page');
  const matching = db.select({ one: sql`1` }).from(cases).where(where);
  const total = knownCapped
    ? sql`${literal(countLimit)}::int`
    : sql`(with matching as materialized (${matching})
        select count(*)::int from (select 1 from matching limit ${literal(countLimit)}) capped)`;
  return db
    .select({
      data: sql<string>`${jsonArrayAgg(itemJson, sql.join(order, sql`, `))}`,
      total: sql<number>`${total}`.mapWith(Number),
    })
    .from(pageIds)
    .innerJoin(cases, eq(cases.id, pageIds.id))
    .innerJoin(companies, eq(companies.id, cases.companyId))
    .leftJoin(sql`${users} as creator`, sql`creator.id = ${cases.createdBy}`)
    .leftJoin(sql`${users} as locker`, sql`locker.id = ${cases.lockedBy}`);
}

/**
 * Whether one plan serves every value of a shape (ADR 0104): its filters are then the caller's companies, a
 * company, one status and a date range, all of which an index on `(…, created_at, id)` reads in the list's order,
 * so the page costs the same whichever values come. The other shapes are planned for their values on every call:
 * a rare search term wants the trigram index where a common one wants the date order, and so do rare and common
 * statuses, flags and tags.
 */
const onePlanServes = (values: ListValues) => !values.search && !values.statuses && !values.flagId && !values.tagId;

/** A page of the case list as the JSON text of `{ data, total }`. */
export async function listCasesJson(
  database: Pick<Database, 'db' | 'genericPlans'>,
  actor: Actor,
  query: CaseListQuery,
): Promise<string> {
  const values = listValues(actor, query);
  const db = onePlanServes(values) ? database.genericPlans : database.db;
  const page = backendPage(query);
  const cap = countCapOf(page.search, page.offset);
  const shape = [Object.keys(values).join(','), query.sort_by, query.sort_dir].join('|');
  // A list known to hold more than its cap is not counted again for a minute (ADR 0103).
  const counts = cappedCountsOf(database.db);
  const countKey = JSON.stringify([shape, values, cap]);
  const knownCapped = counts.isCapped(countKey);
  const form: PageForm = { limit: page.limit, offset: page.offset, countLimit: cap + 1, knownCapped };
  const statement = statements.get(db, `${shape}|${JSON.stringify(form)}`, () =>
    buildStatement(db, actor, values, query, form),
  );
  const [row] = await statement.execute(values);
  const total = Number(row?.total ?? 0);
  if (total > cap && !knownCapped) counts.remember(countKey);
  return `{"data":${row?.data ?? '[]'},"total":${total}}`;
}
