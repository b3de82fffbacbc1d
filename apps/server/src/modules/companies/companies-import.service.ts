import type { Readable } from 'node:stream';
import {
  bankAccountInputSchema,
  COMPANY_MESSAGES,
  type CompanyImportError,
  type CompanyImportResult,
  companyFieldsSchema,
} from '@cuspid/contracts/companies';
import { CsvError, parse } from 'csv-parse';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { permits } from '../../lib/authorize';
import { CsvDecodeError, decodeCsv } from '../../lib/csv-decode';
import { changePartnersPolicy, landsBelowCreator, mayChooseCompanyNumber, mustKeepInReach } from './companies.policy';
import { filterVisibleCompanyIds, findResellerChain, keepCompanyNumbersAhead } from './companies.repository';
import type { companies } from './companies.schema';
import { COMPANY_CSV_COLUMNS, undefuseFormulas } from './companies-csv';
import * as repo from './companies-import.repository';

/**
 * The import reads the columns the export writes (ADR 0060). `id` and `created_at` are accepted and left
 * alone: the company number identifies a company. `flag` and `tags` are accepted and left alone too:
 * labels change through POST /update-flags (ADR 0054).
 */
const COLUMNS = COMPANY_CSV_COLUMNS.map(([name]) => name);
const REQUIRED_COLUMNS = ['company_number', 'company_name', 'country'];
const FIELD_COLUMNS = Object.keys(companyFieldsSchema.shape).filter((c) => c !== 'company_number');
const PARTNER_COLUMNS = {
  reseller: 'resellerId',
  sales_partner: 'salesPartnerId',
  service_partner: 'servicePartnerId',
} as const;
type PartnerColumn = keyof typeof PARTNER_COLUMNS;
const PARTNER_NAME = {
  reseller: 'resellerName',
  sales_partner: 'salesPartnerName',
  service_partner: 'servicePartnerName',
} as const;

export const IMPORT_LIMITS = { maxRows: 50_000, maxErrors: 1000, batchSize: 500 } as const;

export const IMPORT_MESSAGES = {
  notFound: 'The company was not found',
  duplicate: (line: number) => `This company number appears more than once in the file (first on line ${line})`,
  partnerNotFound: 'The partner company was not found',
  partnerAmbiguous: 'Several companies carry this name; rename one before importing',
  ownPartner: 'A company cannot be its own partner',
  ownCompanyPartners: "Your own company's partners can only be changed by the back office",
  cycle: 'This reseller is below the company in the partner hierarchy',
  outOfReach: 'The company must stay below your company in the partner hierarchy',
  boolean: 'Write true or false',
  unknownColumn: 'This column is not one of the export columns',
  missingColumn: 'This column is required',
  repeatedColumn: 'This column appears more than once',
  columnCount: (expected: number, found: number) => `This line has ${found} cells; the header has ${expected}`,
  empty: 'The file holds no header line',
  tooManyRows: `The file holds more than ${IMPORT_LIMITS.maxRows} companies; split it`,
  malformed: 'This line is not valid CSV',
  refused: (lines: number) =>
    `Nothing was imported: ${lines} ${lines === 1 ? 'line is' : 'lines are'} not valid. Correct them and import the file again.`,
} as const;

/** The import was refused; nothing was written. */
export class CompanyImportRefused extends Error {
  constructor(
    readonly errors: CompanyImportError[],
    message = IMPORT_MESSAGES.refused(new Set(errors.map((e) => e.line)).size),
  ) {
    super(message);
    this.name = 'CompanyImportRefused';
  }

  /** The standard error shape's `errors`: each refused line (`line 12`) with its problems (`column: problem`). */
  get fieldErrors(): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    for (const e of this.errors) {
      const key = `line ${e.line}`;
      out[key] = [...(out[key] ?? []), e.field === 'file' ? e.message : `${e.field}: ${e.message}`];
    }
    return out;
  }
}

type FieldValues = Partial<typeof companies.$inferInsert>;

type ParsedRow = {
  line: number;
  companyNumber: string;
  /** Only the columns the file has: an absent column leaves the field alone on update. */
  values: FieldValues;
  /** Partner names by column (null: no partner); absent columns are missing. */
  partners: Partial<Record<PartnerColumn, string | null>>;
  iban: string | null | undefined;
};

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

function parseBoolean(cell: string): boolean | undefined {
  const v = cell.trim().toLowerCase();
  if (['', 'false', '0', 'no'].includes(v)) return false;
  if (['true', '1', 'yes'].includes(v)) return true;
  return undefined;
}

const countLineBreaks = (raw: string) => raw.match(/\r\n|\r|\n/g)?.length ?? 0;

class ErrorList {
  readonly items: CompanyImportError[] = [];
  add(line: number, field: string, message: string) {
    if (this.items.length < IMPORT_LIMITS.maxErrors) this.items.push({ line, field, message });
  }
  get full() {
    return this.items.length >= IMPORT_LIMITS.maxErrors;
  }
}

/** The whole upload (at most MAX_IMPORT_BYTES: the multipart limit ends the stream with a 413 beyond). */
async function readBytes(input: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Reads the file's text as CSV and checks it row by row; keeps only the parsed rows. */
async function readRows(text: string, errors: ErrorList): Promise<{ rows: ParsedRow[]; header: string[] }> {
  const parser = parse({ raw: true, relax_column_count: true, record_delimiter: ['\r\n', '\n'] });
  const rows: ParsedRow[] = [];
  const seen = new Map<string, number>();
  let header: string[] | undefined;
  let nextLine = 1;
  let count = 0;
  try {
    // Inside the try: the parser reads as it is written to, and a malformed first line throws right here.
    parser.end(text);
    for await (const { record, raw } of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      const line = nextLine;
      nextLine += countLineBreaks(raw);
      if (record.length === 1 && record[0]!.trim() === '') continue;
      if (!header) {
        header = record.map((h) => h.trim().toLowerCase());
        checkHeader(header, line, errors);
        continue;
      }
      if (++count > IMPORT_LIMITS.maxRows) {
        errors.add(line, 'file', IMPORT_MESSAGES.tooManyRows);
        break;
      }
      if (errors.full) continue;
      const row = parseRow(header, record, line, errors);
      if (!row) continue;
      const first = row.companyNumber ? seen.get(row.companyNumber) : undefined;
      if (first !== undefined) errors.add(line, 'company_number', IMPORT_MESSAGES.duplicate(first));
      else {
        if (row.companyNumber) seen.set(row.companyNumber, line);
        rows.push(row);
      }
    }
  } catch (error) {
    // Every parse error of the file (its codes do not all start with CSV_: INVALID_OPENING_QUOTE does not).
    if (!(error instanceof CsvError)) throw error;
    errors.add((error as { lines?: number }).lines ?? nextLine, 'file', IMPORT_MESSAGES.malformed);
  }
  if (!header) errors.add(1, 'file', IMPORT_MESSAGES.empty);
  return { rows, header: header ?? [] };
}

function checkHeader(header: string[], line: number, errors: ErrorList) {
  const seen = new Set<string>();
  for (const column of header) {
    if (!COLUMNS.includes(column)) errors.add(line, column, IMPORT_MESSAGES.unknownColumn);
    else if (seen.has(column)) errors.add(line, column, IMPORT_MESSAGES.repeatedColumn);
    seen.add(column);
  }
  for (const column of REQUIRED_COLUMNS) if (!seen.has(column)) errors.add(line, column, IMPORT_MESSAGES.missingColumn);
}

/** One data line through the same rules as a company form (companyFieldsSchema), plus the import's own. */
function parseRow(header: string[], record: string[], line: number, errors: ErrorList): ParsedRow | undefined {
  if (record.length !== header.length) {
    errors.add(line, 'file', IMPORT_MESSAGES.columnCount(header.length, record.length));
    return undefined;
  }
  const cells = new Map(header.map((column, i) => [column, undefuseFormulas(record[i]!)]));
  let valid = true;
  const input: Record<string, unknown> = {};
  for (const column of FIELD_COLUMNS) {
    if (!cells.has(column)) continue;
    const cell = cells.get(column)!;
    if (column === 'apply_reverse_charge') {
      const value = parseBoolean(cell);
      if (value === undefined) {
        errors.add(line, column, IMPORT_MESSAGES.boolean);
        valid = false;
      } else input[column] = value;
    } else input[column] = cell;
  }
  // An empty number: a new company, numbered by the server (ADR 0060).
  const companyNumber = (cells.get('company_number') ?? '').trim();
  const parsed = companyFieldsSchema.safeParse({ ...input, company_number: companyNumber || null });
  if (!parsed.success) {
    valid = false;
    const fields = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'file');
      if (fields.has(field)) continue;
      fields.add(field);
      errors.add(line, field, issue.message);
    }
  }
  let iban: string | null | undefined;
  if (cells.has('iban')) {
    const cell = cells.get('iban')!.trim();
    if (!cell) iban = null;
    else {
      const result = bankAccountInputSchema.shape.iban.safeParse(cell);
      if (result.success) iban = result.data;
      else {
        errors.add(line, 'iban', result.error.issues[0]!.message);
        valid = false;
      }
    }
  }
  if (!valid || !parsed.success) return undefined;
  const values: FieldValues = {};
  for (const column of FIELD_COLUMNS) {
    if (cells.has(column))
      (values as Record<string, unknown>)[camel(column)] = (parsed.data as Record<string, unknown>)[column];
  }
  const partners: ParsedRow['partners'] = {};
  for (const column of Object.keys(PARTNER_COLUMNS) as PartnerColumn[]) {
    if (cells.has(column)) partners[column] = cells.get(column)!.trim() || null;
  }
  return { line, companyNumber: parsed.data.company_number ?? companyNumber, values, partners, iban };
}

const sameValue = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * Imports companies from a CSV stream (ADR 0060): every line is checked first (form rules, duplicate
 * numbers, partners resolvable in the caller's scope, existing numbers only within the scope); any
 * error refuses the whole file. Then, in one transaction, new numbers are inserted in batches and
 * existing ones updated where something differs, so importing the same file twice changes nothing.
 */
export async function importCompaniesCsv(deps: Deps, actor: Actor, input: Readable): Promise<CompanyImportResult> {
  const { text, encoding } = decodeUpload(await readBytes(input));
  const errors = new ErrorList();
  const { rows } = await readRows(text, errors);
  if (errors.items.length) throw new CompanyImportRefused(errors.items);

  return deps.db.transaction(async (tx) => {
    const targets = new Map(
      (
        await repo.findByCompanyNumbers(
          tx,
          actor,
          rows.filter((r) => r.companyNumber).map((r) => r.companyNumber),
        )
      ).map((t) => [t.company.companyNumber, t]),
    );
    const names = new Set<string>();
    for (const row of rows) for (const name of Object.values(row.partners)) if (name) names.add(name);
    const byName = new Map<string, string[]>();
    for (const c of await repo.findVisibleByNames(tx, actor, [...names])) {
      byName.set(c.companyName, [...(byName.get(c.companyName) ?? []), c.id]);
    }
    const accounts = await repo.listBankAccounts(
      tx,
      [...targets.values()].map((t) => t.company.id),
    );

    const inserts: { row: ParsedRow; values: typeof companies.$inferInsert }[] = [];
    const updates: { row: ParsedRow; id: string; values: FieldValues; defaultAccountId?: string; newIban?: string }[] =
      [];
    let unchanged = 0;

    for (const row of rows) {
      const target = row.companyNumber ? targets.get(row.companyNumber) : undefined;
      // A partner names only its own companies; whether a number it cannot see exists elsewhere or
      // nowhere, the answer is the same (new companies get their number from the server).
      if ((target && !target.visible) || (row.companyNumber && !target && !mayChooseCompanyNumber(actor))) {
        errors.add(row.line, 'company_number', IMPORT_MESSAGES.notFound);
        continue;
      }
      const partnerValues: FieldValues = {};
      let rowValid = true;
      for (const column of Object.keys(PARTNER_COLUMNS) as PartnerColumn[]) {
        if (!(column in row.partners)) continue;
        const name = row.partners[column] ?? null;
        // The partner the company already has is kept as it is, even when the caller cannot see it.
        if (target && sameValue(name, target[PARTNER_NAME[column]])) continue;
        if (name === null) {
          partnerValues[PARTNER_COLUMNS[column]] = null;
          continue;
        }
        const ids = byName.get(name) ?? [];
        if (ids.length !== 1) {
          errors.add(row.line, column, ids.length ? IMPORT_MESSAGES.partnerAmbiguous : IMPORT_MESSAGES.partnerNotFound);
          rowValid = false;
        } else if (target && ids[0] === target.company.id) {
          errors.add(row.line, column, IMPORT_MESSAGES.ownPartner);
          rowValid = false;
        } else partnerValues[PARTNER_COLUMNS[column]] = ids[0]!;
      }
      if (target && Object.keys(partnerValues).length && !permits(actor, changePartnersPolicy, target.company)) {
        errors.add(row.line, 'reseller', IMPORT_MESSAGES.ownCompanyPartners);
        rowValid = false;
      }
      if (!rowValid) continue;

      if (!target) {
        const values: typeof companies.$inferInsert = {
          companyName: row.values.companyName!,
          ...row.values,
          ...partnerValues,
          companyNumber: row.companyNumber,
        };
        // As in the company form: a partner's new company without partners lands below the partner.
        if (landsBelowCreator(actor) && !values.resellerId && !values.salesPartnerId && !values.servicePartnerId) {
          values.resellerId = actor.companyId;
        }
        inserts.push({ row, values });
        continue;
      }
      const changed: FieldValues = { ...partnerValues };
      for (const [key, value] of Object.entries(row.values) as [keyof FieldValues, unknown][]) {
        if (!sameValue(value, target.company[key as keyof typeof target.company])) {
          (changed as Record<string, unknown>)[key] = value;
        }
      }
      let defaultAccountId: string | undefined;
      let newIban: string | undefined;
      if (row.iban) {
        const own = accounts.filter((a) => a.companyId === target.company.id);
        const match = own.find((a) => a.iban === row.iban);
        if (!match) newIban = row.iban;
        else if (!match.isDefault) defaultAccountId = match.id;
      }
      if (!Object.keys(changed).length && !defaultAccountId && !newIban) unchanged++;
      else
        updates.push({
          row,
          id: target.company.id,
          values: changed,
          ...(defaultAccountId ? { defaultAccountId } : {}),
          ...(newIban ? { newIban } : {}),
        });
    }
    if (errors.items.length) throw new CompanyImportRefused(errors.items);

    // New companies without a number draw theirs from the sequence the company form uses.
    await keepCompanyNumbersAhead(
      tx,
      inserts.map((i) => i.row.companyNumber),
    );
    const unnumbered = inserts.filter((i) => !i.row.companyNumber);
    const drawn = await repo.drawCompanyNumbers(tx, unnumbered.length);
    unnumbered.forEach((insert, i) => {
      insert.row.companyNumber = drawn[i]!;
      insert.values.companyNumber = drawn[i]!;
    });
    const ids = await repo.insertCompanies(
      tx,
      inserts.map((i) => i.values),
      IMPORT_LIMITS.batchSize,
    );
    const newAccounts: Parameters<typeof repo.insertBankAccounts>[1] = [];
    for (const { row } of inserts) {
      if (row.iban) newAccounts.push({ companyId: ids.get(row.companyNumber)!, iban: row.iban, isDefault: true });
    }
    for (const update of updates) {
      // The scope is part of each write: a company that left the caller's reach meanwhile is refused.
      if (Object.keys(update.values).length && !(await repo.updateCompany(tx, actor, update.id, update.values))) {
        errors.add(update.row.line, 'company_number', IMPORT_MESSAGES.notFound);
        continue;
      }
      if (update.defaultAccountId) await repo.setDefaultBankAccount(tx, actor, update.id, update.defaultAccountId);
      if (update.newIban) {
        const own = accounts.filter((a) => a.companyId === update.id);
        if (own.length) await repo.setDefaultBankAccount(tx, actor, update.id, null);
        newAccounts.push({
          companyId: update.id,
          iban: update.newIban,
          isDefault: true,
          position: own.reduce((max, a) => Math.max(max, a.position + 1), 0),
        });
      }
    }
    await repo.insertBankAccounts(tx, newAccounts, IMPORT_LIMITS.batchSize);

    // The hierarchy after the change: no reseller loops, and a partner keeps every company in reach.
    for (const update of updates) {
      if (!update.values.resellerId) continue;
      if ((await findResellerChain(tx, update.id)).includes(update.id)) {
        errors.add(update.row.line, 'reseller', IMPORT_MESSAGES.cycle);
      }
    }
    if (mustKeepInReach(actor)) {
      const touched = [...updates.map((u) => ({ line: u.row.line, id: u.id }))];
      for (const { row } of inserts) touched.push({ line: row.line, id: ids.get(row.companyNumber)! });
      const visible = new Set<string>();
      for (let i = 0; i < touched.length; i += 1000) {
        const part = touched.slice(i, i + 1000).map((t) => t.id);
        for (const id of await filterVisibleCompanyIds(tx, actor, part)) visible.add(id);
      }
      for (const t of touched) if (!visible.has(t.id)) errors.add(t.line, 'reseller', IMPORT_MESSAGES.outOfReach);
    }
    // Throwing rolls the transaction back: nothing of the file stays.
    if (errors.items.length) throw new CompanyImportRefused(errors.items.sort((a, b) => a.line - b.line));

    const created = inserts.length;
    const updated = updates.length;
    return {
      message: `${created} ${created === 1 ? 'company was' : 'companies were'} created, ${updated} updated, ${unchanged} unchanged`,
      created,
      updated,
      unchanged,
      encoding,
    };
  });
}

/** The upload's text (ADR 0060: UTF-8 with or without BOM, UTF-16 with BOM, Windows-1252); refused with its line when undecodable. */
function decodeUpload(bytes: Buffer) {
  try {
    return decodeCsv(bytes);
  } catch (error) {
    if (!(error instanceof CsvDecodeError)) throw error;
    const message =
      error.reason === 'nul' ? COMPANY_MESSAGES.importNul : COMPANY_MESSAGES.importUndecodable(error.encoding);
    throw new CompanyImportRefused([{ line: error.line, field: 'file', message }], `Line ${error.line}: ${message}`);
  }
}
