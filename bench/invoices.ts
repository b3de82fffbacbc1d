// Invoice PDFs per second and the CSV export of 200,000 invoices with the server's memory:
// `npm run bench -- invoices [--invoices=200000] [--duration=10] [--clients=1,4]`.
// PGlite in a fresh temporary DATA_DIR by default; PostgreSQL when DATABASE_URL is set (a database of its own: the
// bench's companies and invoices from an earlier run are deleted and made again).
//
// Three processes: this one (the client), a seeding child (`--seed`: migrates, adds the demo accounts, then the
// companies, invoices and lines in a few set-based statements, and exits) and the server child (`--serve`: the real
// app as apps/server/src/main.ts builds it, without job workers). During each export the client reads the server's
// RSS from /proc every 100 ms, the server samples its heap every 100 ms on request over the IPC channel, and V8's
// --trace-gc lines give the heap at every collection (they come even when the event loop gets no turn).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Invoice } from '@cuspid/contracts/invoices';
import { freePort, type ServerProcess, stopServer, waitUntilReady } from '@cuspid/server-process';
import { sql } from 'drizzle-orm';
import type { InvoiceSeller } from '../apps/server/src/modules/invoices/invoices.pdf';
import { signIn } from './authenticated-load';
import { describeDatabase, formatTable, machineLine, percentile } from './login';
import { random } from './seed-users';

const here = fileURLToPath(import.meta.url);
const MB = 1024 * 1024;
/** Generated companies carry this external order number; their invoices are the bench's. */
const COMPANY_MARKER = 'bench-invoices';
/** Issued over this many calendar years (the last one up to today), the same number in each. */
const YEARS = 4;
/** Every 33rd row is the credit note of the invoice before it (which is then cancelled): 3 %. */
const NOTE_EVERY = 33;
/** Invoices of the last 40 days are unpaid; of the older ones one in 50 is still open (overdue). */
const UNPAID_DAYS = 40;
const SAMPLE_MS = 100;
const CSV_COLUMNS = 18;

type SeedSummary = {
  companies: number;
  invoices: number;
  creditNotes: number;
  cancelled: number;
  open: number;
  reverseCharge: number;
  lines: number;
  invoicesBytes: number;
  linesBytes: number;
  ms: number;
  /** Every invoice in the database (the bench's and any other): the full export's row count. */
  allInvoices: number;
  /** The oldest year of the bench's and how many invoices of the database were issued in it. */
  firstYear: number;
  firstYearInvoices: number;
  /** One company with its invoice count, for a small warm-up export. */
  smallCompany: { id: string; invoices: number };
  /** A random sample of the bench's invoice ids, for the PDFs. */
  sampleIds: string[];
  seller: InvoiceSeller;
};

type MemorySample = { ms: number; heapUsed: number };
type MemoryReport = { samples: MemorySample[]; cpuMs: number };
type ToChild = { type: 'sample-start' } | { type: 'sample-stop' };
type FromChild =
  | { type: 'seeded'; summary: SeedSummary }
  | { type: 'sampling' }
  | { type: 'samples'; report: MemoryReport };

// --- Generated data ----------------------------------------------------------------------------------

type Country = {
  code: string;
  weight: number;
  names: readonly string[];
  last: readonly string[];
  first: readonly string[];
  cities: readonly string[];
  streets: readonly string[];
  zip: (r: () => number) => string;
  vat: (r: () => number) => string;
  /** Street before the number (German) or after it (French). */
  numberFirst?: boolean;
};

const digits = (r: () => number, n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');

/** Where the customers are: mostly Germany (the seller's country), the rest EU neighbours under the reverse charge. */
const COUNTRIES: readonly Country[] = [
  {
    code: 'DE',
    weight: 70,
    names: [
      'Zahnarztpraxis Dr. {last}',
      'Dentallabor {last} GmbH',
      'Zahnzentrum {city}',
      'Praxis Dr. {first} {last}',
      'MVZ Zahngesundheit {city}',
      'Kieferorthopädie {last} & Partner',
      'Zahntechnik {last} GmbH & Co. KG',
    ],
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Schulz', 'Hoffmann'],
    first: ['Anna', 'Andreas', 'Birgit', 'Christian', 'Claudia', 'Jonas', 'Katrin', 'Markus', 'Sabine', 'Stefan'],
    cities: ['Berlin', 'Hamburg', 'München', 'Köln', 'Frankfurt am Main', 'Stuttgart', 'Düsseldorf', 'Leipzig'],
    streets: ['Hauptstraße', 'Bahnhofstraße', 'Schillerstraße', 'Goethestraße', 'Lindenallee', 'Marktplatz'],
    zip: (r) => digits(r, 5),
    vat: (r) => `DE${digits(r, 9)}`,
  },
  {
    code: 'AT',
    weight: 9,
    names: ['Zahnambulatorium {city}', 'Dr. {last}, Zahnarzt', 'Zahnlabor {last} GmbH'],
    last: ['Gruber', 'Huber', 'Bauer', 'Wagner', 'Pichler', 'Steiner'],
    first: ['Lukas', 'Anna', 'David', 'Sophie', 'Florian', 'Lena'],
    cities: ['Wien', 'Graz', 'Linz', 'Salzburg', 'Innsbruck'],
    streets: ['Mariahilfer Straße', 'Landstraße', 'Herrengasse', 'Ringstraße'],
    zip: (r) => digits(r, 4),
    vat: (r) => `ATU${digits(r, 8)}`,
  },
  {
    code: 'FR',
    weight: 9,
    names: ['Cabinet dentaire {last}', 'Centre dentaire de {city}', 'Laboratoire {last} SARL'],
    last: ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Lefèvre'],
    first: ['Camille', 'Louis', 'Chloé', 'Hugo', 'Léa', 'Pierre'],
    cities: ['Paris', 'Lyon', 'Marseille', 'Toulouse', 'Nantes', 'Lille'],
    streets: ['rue de la République', 'avenue Victor Hugo', 'boulevard Voltaire', 'rue Pasteur'],
    zip: (r) => digits(r, 5),
    vat: (r) => `FR${digits(r, 11)}`,
    numberFirst: true,
  },
  {
    code: 'NL',
    weight: 5,
    names: ['Tandartspraktijk {last}', 'Mondzorg {city}', 'Tandtechniek {last} B.V.'],
    last: ['de Jong', 'Jansen', 'de Vries', 'van den Berg', 'Bakker'],
    first: ['Daan', 'Emma', 'Sem', 'Julia', 'Lucas'],
    cities: ['Amsterdam', 'Rotterdam', 'Utrecht', 'Eindhoven'],
    streets: ['Keizersgracht', 'Dorpsstraat', 'Kerkstraat', 'Stationsweg'],
    zip: (r) => `${digits(r, 4)} ${String.fromCharCode(65 + Math.floor(r() * 26), 65 + Math.floor(r() * 26))}`,
    vat: (r) => `NL${digits(r, 9)}B01`,
  },
  {
    code: 'ES',
    weight: 4,
    names: ['Clínica Dental {last}', 'Centro Odontológico {city} S.L.'],
    last: ['García', 'Fernández', 'González', 'Rodríguez', 'López'],
    first: ['Lucía', 'Javier', 'Sofía', 'Mateo', 'Carmen'],
    cities: ['Madrid', 'Barcelona', 'Valencia', 'Sevilla'],
    streets: ['Calle Mayor', 'Gran Vía', 'Calle de Alcalá', 'Paseo de Gracia'],
    zip: (r) => digits(r, 5),
    vat: (r) => `ESB${digits(r, 8)}`,
  },
  {
    code: 'IT',
    weight: 3,
    names: ['Studio Dentistico {last}', 'Clinica Odontoiatrica {city}'],
    last: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi'],
    first: ['Giulia', 'Marco', 'Francesca', 'Luca', 'Chiara'],
    cities: ['Milano', 'Roma', 'Torino', 'Bologna'],
    streets: ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Via Dante'],
    zip: (r) => digits(r, 5),
    vat: (r) => `IT${digits(r, 11)}`,
  },
];

/**
 * The price list invoices are made of: article, name, unit price in cents, tax rate in basis points, the largest
 * quantity a line orders. The discount is never a first line, so no invoice is negative.
 */
const PRODUCTS: readonly [string, string, number, number, number][] = [
  ['CR-100', 'Crown design, single unit', 2900, 1900, 6],
  ['BR-200', 'Bridge design, per unit', 2400, 1900, 8],
  ['IN-110', 'Inlay / onlay design', 2200, 1900, 4],
  ['AL-300', 'Aligner treatment plan', 14900, 1900, 1],
  ['AL-310', 'Aligner refinement', 4900, 1900, 2],
  ['SG-400', 'Surgical guide design', 8900, 1900, 2],
  ['MD-500', 'Model printing, per arch', 1500, 1900, 10],
  ['CP-100', 'Credit package 100', 19900, 1900, 1],
  ['CP-500', 'Credit package 500', 89900, 1900, 1],
  ['EX-900', 'Express surcharge (24 h)', 1900, 1900, 3],
  ['SV-020', 'Scan archive, monthly', 990, 1900, 12],
  ['TR-050', 'Training webinar „Digital workflow“', 9900, 1900, 3],
  ['BK-700', 'Handbook of digital dentistry (print)', 4990, 700, 2],
  ['SH-010', 'Shipping', 690, 1900, 1],
  ['DS-990', 'Loyalty discount', -1500, 1900, 1],
];

/** The seller printed on every PDF: the operator company gets this address and bank account if it has none. */
const SELLER_ADDRESS = {
  addressLine1: 'Friedrichstraße 123',
  zip: '10117',
  city: 'Berlin',
  country: 'DE',
  vatId: 'DE312345678',
  bank: {
    accountHolder: 'Cuspid Operations GmbH',
    bankName: 'Berliner Bank',
    iban: 'DE89370400440532013000',
    bic: 'COBADEFFXXX',
  },
};

/** `count` customer companies with realistic names and addresses (deterministic: the same on every machine). */
function generateCompanies(count: number) {
  const r = random(20_261_127);
  const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
  // Each country's share of the customers: its weight over all weights, as cumulative bounds.
  const bounds = COUNTRIES.map((_, i) => COUNTRIES.slice(0, i + 1).reduce((sum, c) => sum + c.weight, 0));
  const totalWeight = bounds.at(-1)!;
  return Array.from({ length: count }, (_, i) => {
    const roll = r() * totalWeight;
    const country = COUNTRIES[bounds.findIndex((bound) => roll < bound)] ?? COUNTRIES[0]!;
    const last = pick(country.last);
    const city = pick(country.cities);
    const name = pick(country.names)
      .replace('{last}', last)
      .replace('{first}', pick(country.first))
      .replace('{city}', city);
    const street = pick(country.streets);
    const number = String(1 + Math.floor(r() * 180));
    const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i + 1}.example`.replace(/^-+/, '');
    const foreign = country.code !== 'DE';
    return {
      n: i + 1,
      company_name: name,
      vat_id: foreign || r() < 0.6 ? country.vat(r) : null,
      country: country.code,
      address_line1: country.numberFirst ? `${number} ${street}` : `${street} ${number}`,
      address_line2: r() < 0.1 ? (country.code === 'DE' ? '2. OG' : 'Bâtiment B') : null,
      zip: country.zip(r),
      city,
      invoice_email_address: `invoices@${domain}`,
      // EU customers outside Germany whose VAT id was confirmed (most of them) are invoiced under the reverse charge.
      apply_reverse_charge: foreign && r() < 0.85,
      contact_person: `${pick(country.first)} ${last}`,
      payment_term_days: r() < 0.7 ? 14 : 30,
      created_at: new Date(Date.now() - (6 * 365 - (i * 365) / count) * 86_400_000).toISOString(),
    };
  });
}

/** A quoted SQL string literal (the bench's own constants only). */
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
/** A non-negative hash of an integer expression and a salt: the same row always gets the same choice. */
const hash = (expr: string, salt: number) => `abs(hashint8((${expr})::bigint * 1000 + ${salt})::bigint)`;
/** A version-4-shaped UUID derived from an integer expression: the lines and credit notes name their invoice. */
const uuidOf = (expr: string, salt: string) =>
  `overlay(overlay(md5(${literal(`${salt}-`)} || (${expr})) placing '4' from 13) placing '8' from 17)::uuid`;

// --- The seeding child ---------------------------------------------------------------------------------

/**
 * Migrates the database (and adds the demo accounts) as the server does, then adds `total` issued invoices over
 * `companyCount` companies in a few set-based statements: the rows, their lines and their amounts are computed
 * from generate_series and hashes of the row number, in one transaction. Reports a summary over IPC.
 */
async function seed(total: number, companyCount: number) {
  const { closeDeps, createDeps, createLogger } = await import('../apps/server/src/bootstrap');
  const { loadConfig } = await import('../apps/server/src/config/env');
  const { queryRows } = await import('../apps/server/src/db/client');
  const config = loadConfig();
  const deps = await createDeps(config, createLogger(config), { migrate: true, seedDemo: true });
  const { db } = deps;
  const exec = (text: string) => db.execute(sql.raw(text));
  const started = Date.now();
  const now = new Date();
  const thisYear = now.getUTCFullYear();
  const firstYear = thisYear - YEARS + 1;
  const perYear = Math.ceil(total / YEARS);
  const salt = 'bench-invoice';

  // A new run replaces the bench's data of an earlier one (PostgreSQL; a fresh PGlite has none), and compacts the
  // tables it leaves, so that every run reads tables as a first load writes them.
  const [earlier] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from backend.companies where external_order_number = ${COMPANY_MARKER}`,
  );
  if (earlier?.n) {
    await exec(
      `delete from backend.invoices where company_id in
         (select id from backend.companies where external_order_number = ${literal(COMPANY_MARKER)})`,
    );
    await exec(`delete from backend.companies where external_order_number = ${literal(COMPANY_MARKER)}`);
    for (const table of ['backend.invoice_lines', 'backend.invoices', 'backend.companies'])
      await exec(`vacuum full ${table}`);
  }
  // Numbers go on after those already given in a year (none on a fresh database).
  const taken = await queryRows<{ year: number; last: number }>(
    db,
    sql`select number_year::int as year, max(number_sequence)::int as last from backend.invoices
        where number_year is not null group by number_year`,
  );
  const years = Array.from({ length: YEARS }, (_, y) => {
    const year = firstYear + y;
    const start = Date.UTC(year, 0, 1) / 1000;
    // Full years; the current one up to an hour ago.
    const end = year === thisYear ? now.getTime() / 1000 - 3600 : Date.UTC(year + 1, 0, 1) / 1000;
    const offset = taken.find((t) => t.year === year)?.last ?? 0;
    return `(${y}, ${year}, ${start}::float8, ${end - start}::float8, ${offset})`;
  });
  const products = PRODUCTS.map(
    ([article, name, price, rate, maxQuantity], i) =>
      `(${i + 1}, ${literal(article)}, ${literal(name)}, ${price}, ${rate}, ${maxQuantity})`,
  );
  const companies = generateCompanies(companyCount);

  await db.transaction(async (tx) => {
    const run = (text: string) => tx.execute(sql.raw(text));
    // The seller: the operator company (the oldest live one, as findOperatorCompany picks it) with an address and a
    // bank account, so that the PDFs carry both.
    const operator = `(select id from backend.companies where is_operator and deleted_at is null
                       order by created_at, id limit 1)`;
    await run(
      `update backend.companies set address_line1 = coalesce(address_line1, ${literal(SELLER_ADDRESS.addressLine1)}),
         zip = coalesce(zip, ${literal(SELLER_ADDRESS.zip)}), city = coalesce(city, ${literal(SELLER_ADDRESS.city)}),
         country = coalesce(country, ${literal(SELLER_ADDRESS.country)}),
         vat_id = coalesce(vat_id, ${literal(SELLER_ADDRESS.vatId)})
       where id = ${operator}`,
    );
    const { bank } = SELLER_ADDRESS;
    await run(
      `insert into backend.company_bank_accounts (company_id, account_holder, bank_name, iban, bic, is_default)
       select ${operator}, ${literal(bank.accountHolder)}, ${literal(bank.bankName)}, ${literal(bank.iban)},
         ${literal(bank.bic)}, true
       where not exists (select 1 from backend.company_bank_accounts where company_id = ${operator})`,
    );

    await tx.execute(
      sql`create temp table bench_companies on commit drop as
          select gen_random_uuid() as id, t.* from jsonb_to_recordset(${JSON.stringify(companies)}::jsonb) as t(
            n int, company_name text, vat_id text, country text, address_line1 text, address_line2 text, zip text,
            city text, invoice_email_address text, apply_reverse_charge boolean, contact_person text,
            payment_term_days int, created_at timestamptz)`,
    );
    await run(
      `insert into backend.companies (id, company_name, vat_id, country, address_line1, address_line2, zip, city,
         invoice_email_address, apply_reverse_charge, external_order_number, contact_person, created_at, updated_at)
       select id, company_name, vat_id, country, address_line1, address_line2, zip, city, invoice_email_address,
         apply_reverse_charge, ${literal(COMPANY_MARKER)}, contact_person, created_at, created_at
       from bench_companies order by n`,
    );
    await run(
      `create temp table bench_products on commit drop as
       select * from (values ${products.join(', ')}) as p(idx, article, name, price, rate, max_quantity)`,
    );
    // One row per invoice or credit note, k in the order of issue: its number, when it was issued, whether it is
    // a credit note (of row k - 1) or the invoice such a note cancels; `src` is the invoice whose lines it has. A
    // few companies order much more than most (the square skews the choice towards the first ones).
    await run(
      `create temp table bench_rows on commit drop as
       with years (y, year, start_at, span, seq_offset) as (values ${years.join(', ')})
       select k, yr.year, s.seq,
         yr.year || '-' || lpad(s.seq::text, greatest(6, length(s.seq::text)), '0') as number,
         to_timestamp(yr.start_at + ((k - 1) % ${perYear}) * yr.span / ${perYear}) as at,
         k % ${NOTE_EVERY} = 0 as is_note,
         (k + 1) % ${NOTE_EVERY} = 0 and k < ${total} as is_cancelled,
         s.src,
         1 + floor(${companyCount} * power((${hash('s.src', 11)} % 1000000) / 1000000.0, 2))::int as company
       from generate_series(1, ${total}) as k
       join years yr on yr.y = (k - 1) / ${perYear}
       cross join lateral (select (k - 1) % ${perYear} + 1 + yr.seq_offset as seq,
         case when k % ${NOTE_EVERY} = 0 then k - 1 else k end as src) s`,
    );
    // 1 to 5 lines per invoice (credit notes take their invoice's, negated).
    await run(
      `create temp table bench_lines on commit drop as
       select r.k as src, p.position, pr.article, pr.name, q.quantity, pr.price, pr.rate, q.quantity * pr.price as net
       from bench_rows r
       cross join lateral generate_series(1, 1 + (${hash('r.k', 21)} % 5)::int) as p(position)
       join bench_products pr on pr.idx = 1 + ${hash('r.k * 8 + p.position', 22)}
         % (case when p.position = 1 then ${PRODUCTS.length - 1} else ${PRODUCTS.length} end)
       cross join lateral (select (1 + ${hash('r.k * 8 + p.position', 23)} % pr.max_quantity)::int as quantity) q
       where not r.is_note`,
    );
    // The amounts as invoiceTotals computes them: tax per rate on the rate's net, rounded half away from zero.
    await run(
      `create temp table bench_totals on commit drop as
       select src, sum(net)::bigint as net, sum(tax)::bigint as tax
       from (select src, rate, sum(net) as net, round(sum(net)::numeric * rate / 10000) as tax
             from bench_lines group by src, rate) per_rate
       group by src`,
    );
    for (const table of ['bench_companies', 'bench_rows', 'bench_lines', 'bench_totals']) await run(`analyze ${table}`);
    await run(
      `insert into backend.invoices (id, company_id, number, number_year, number_sequence, type, status,
         invoice_date, due_date, payment_term_days, currency, billing_address, reverse_charge, net_cents, tax_cents,
         total_cents, notes, cancels_invoice_id, created_by, dunning_level, last_reminder_at, issued_at, paid_at,
         cancelled_at, created_at, updated_at)
       select ${uuidOf('r.k', salt)}, c.id, r.number, r.year, r.seq,
         case when r.is_note then 'credit-note' else 'invoice' end, st.status,
         d.issued, d.due, x.term, 'EUR',
         jsonb_build_object('companyName', c.company_name, 'addressLine1', c.address_line1,
           'addressLine2', c.address_line2, 'zip', c.zip, 'city', c.city, 'country', c.country, 'vatId', c.vat_id),
         c.apply_reverse_charge, x.sign * t.net, x.sign * x.tax, x.sign * (t.net + x.tax),
         case when r.is_note then 'Cancels invoice ' || o.number end,
         case when r.is_note then ${uuidOf('r.k - 1', salt)} end,
         (select id from auth.users where mail = 'admin@cuspid.local'),
         dn.level, case when dn.level > 0 then d.due + dn.level * 14 + time '09:00' end,
         r.at, p.paid_at, case when st.status = 'cancelled' then nx.at end, r.at,
         greatest(r.at, p.paid_at, nx.at)
       from bench_rows r
       join bench_rows o on o.k = r.src
       left join bench_rows nx on r.is_cancelled and nx.k = r.k + 1
       join bench_companies c on c.n = r.company
       join bench_totals t on t.src = r.src
       cross join lateral (select case when r.is_note then -1 else 1 end as sign,
         case when r.is_note then 0 else c.payment_term_days end as term,
         case when c.apply_reverse_charge then 0 else t.tax end as tax) x
       cross join lateral (select (r.at at time zone 'UTC')::date as issued,
         (r.at at time zone 'UTC')::date + x.term as due) d
       cross join lateral (select case
         when r.is_note then 'paid'
         when r.is_cancelled then 'cancelled'
         when r.at > now() - interval '${UNPAID_DAYS} days' or ${hash('r.k', 31)} % 50 = 0 then 'open'
         else 'paid' end as status) st
       cross join lateral (select case
         when st.status = 'paid' and r.is_note then r.at
         when st.status = 'paid' then r.at + (1 + ${hash('r.k', 32)} % (x.term + 10))::int * interval '1 day'
         end as paid_at) p
       cross join lateral (select case when st.status = 'open' and d.due < current_date - 14
         then least(3, (current_date - d.due) / 14) else 0 end as level) dn`,
    );
    await run(
      `insert into backend.invoice_lines (invoice_id, position, article_number, name, quantity, unit_price_cents,
         tax_rate_bp, net_cents)
       select ${uuidOf('r.k', salt)}, l.position, l.article, l.name, x.sign * l.quantity, l.price, l.rate,
         x.sign * l.net
       from bench_rows r
       join bench_lines l on l.src = r.src
       cross join lateral (select case when r.is_note then -1 else 1 end as sign) x`,
    );
    // Issuing a new invoice later goes on after the bench's numbers.
    await run(
      `insert into backend.invoice_number_counters (year, last_sequence)
       select number_year, max(number_sequence) from backend.invoices where number_year is not null group by 1
       on conflict (year) do update
       set last_sequence = greatest(backend.invoice_number_counters.last_sequence, excluded.last_sequence)`,
    );
  });
  // Fresh statistics and visibility map, as autovacuum would leave them (outside the transaction).
  for (const table of ['backend.invoices', 'backend.invoice_lines', 'backend.companies'])
    await exec(`vacuum analyze ${table}`);
  const ms = Date.now() - started;

  const bench = sql`(select id from backend.companies where external_order_number = ${COMPANY_MARKER})`;
  const [counts] = await queryRows<Omit<SeedSummary, 'ms' | 'smallCompany' | 'sampleIds' | 'seller' | 'firstYear'>>(
    db,
    sql`select count(*) filter (where company_id in ${bench})::int as invoices,
          count(*) filter (where company_id in ${bench} and type = 'credit-note')::int as "creditNotes",
          count(*) filter (where company_id in ${bench} and status = 'cancelled')::int as cancelled,
          count(*) filter (where company_id in ${bench} and status = 'open')::int as open,
          count(*) filter (where company_id in ${bench} and reverse_charge)::int as "reverseCharge",
          (select count(*)::int from backend.invoice_lines) as lines,
          (select count(*)::int from ${bench} b) as companies,
          pg_total_relation_size('backend.invoices')::float8 as "invoicesBytes",
          pg_total_relation_size('backend.invoice_lines')::float8 as "linesBytes",
          count(*)::int as "allInvoices",
          count(*) filter (where invoice_date between ${`${firstYear}-01-01`} and ${`${firstYear}-12-31`})::int
            as "firstYearInvoices"
        from backend.invoices`,
  );
  const [smallCompany] = await queryRows<{ id: string; invoices: number }>(
    db,
    sql`select company_id as id, count(*)::int as invoices from backend.invoices where company_id in ${bench}
        group by company_id order by count(*), company_id limit 1`,
  );
  const sample = await queryRows<{ id: string }>(
    db,
    sql`select id from backend.invoices where company_id in ${bench} order by random() limit 1000`,
  );
  const [seller] = await queryRows<{
    company_name: string;
    address_line1: string | null;
    address_line2: string | null;
    zip: string | null;
    city: string | null;
    country: string | null;
    vat_id: string | null;
    account_holder: string | null;
    bank_name: string | null;
    iban: string | null;
    bic: string | null;
  }>(
    db,
    sql`select c.company_name, c.address_line1, c.address_line2, c.zip, c.city, c.country, c.vat_id,
          b.account_holder, b.bank_name, b.iban, b.bic
        from backend.companies c
        left join lateral (select * from backend.company_bank_accounts a where a.company_id = c.id
          order by a.is_default desc, a.position, a.created_at limit 1) b on true
        where c.is_operator and c.deleted_at is null order by c.created_at, c.id limit 1`,
  );
  const summary: SeedSummary = {
    ...counts!,
    ms,
    firstYear,
    smallCompany: smallCompany!,
    sampleIds: sample.map((r) => r.id),
    seller: {
      companyName: seller!.company_name,
      addressLine1: seller!.address_line1,
      addressLine2: seller!.address_line2,
      zip: seller!.zip,
      city: seller!.city,
      country: seller!.country,
      vatId: seller!.vat_id,
      // As findTransferAccount reads it: an account without IBAN or BIC is none.
      bank:
        seller!.iban && seller!.bic
          ? { accountHolder: seller!.account_holder, bankName: seller!.bank_name, iban: seller!.iban, bic: seller!.bic }
          : null,
    },
  };
  await closeDeps(deps);
  await new Promise<void>((resolve) => process.send!({ type: 'seeded', summary } satisfies FromChild, () => resolve()));
}

// --- The server child --------------------------------------------------------------------------------

/** The real app as main.ts starts it (no job workers), plus its memory sampled on the client's request. */
async function serve() {
  const { buildApp } = await import('../apps/server/src/app');
  const { closeDeps, createDeps, createLogger } = await import('../apps/server/src/bootstrap');
  const { loadConfig } = await import('../apps/server/src/config/env');
  const config = loadConfig();
  const deps = await createDeps(config, createLogger(config), { migrate: true, seedDemo: true });
  const app = await buildApp(deps);

  let samples: MemorySample[] = [];
  let timer: NodeJS.Timeout | undefined;
  let cpu = process.cpuUsage();
  const sample = () => {
    samples.push({ ms: performance.now(), heapUsed: process.memoryUsage().heapUsed });
  };
  process.on('message', (message: ToChild) => {
    if (message.type === 'sample-start') {
      // Collect first (the child runs with --expose-gc), so each baseline is what the live objects take.
      (globalThis as { gc?: () => void }).gc?.();
      samples = [];
      sample();
      cpu = process.cpuUsage();
      timer = setInterval(sample, SAMPLE_MS);
      process.send!({ type: 'sampling' } satisfies FromChild);
    } else if (message.type === 'sample-stop') {
      clearInterval(timer);
      sample();
      const used = process.cpuUsage(cpu);
      process.send!({
        type: 'samples',
        report: { samples, cpuMs: (used.user + used.system) / 1000 },
      } satisfies FromChild);
    }
  });

  await app.listen({ host: '127.0.0.1', port: config.port });
  const stop = async () => {
    clearInterval(timer);
    await app.close();
    await closeDeps(deps);
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

// --- The client ----------------------------------------------------------------------------------------

/**
 * A collection V8 printed (`--trace-gc`): of which isolate (the main thread's or a worker's), whether it was a full
 * one, the heap in use before and after it, and when this process read the line.
 */
type GcEvent = { at: number; isolate: string; full: boolean; before: number; after: number };
type BenchChild = ServerProcess & { gcEvents: GcEvent[] };
const GC_LINE =
  /^\[\d+:(0x[0-9a-f]+)\]\s+[\d.]+ ms: (Scavenge|Minor Mark-Compact|Minor Mark-Sweep|Mark-Compact|Mark-Sweep)\D*?([\d.]+) \([\d.]+\) -> ([\d.]+) \(/;

/**
 * This file in a child process with an IPC channel: `--seed` or `--serve`. The server runs with `--trace-gc`: V8
 * prints each collection's heap size from inside the collector, which needs no turn of the event loop.
 */
function startChild(
  mode: 'seed' | 'serve',
  port: number,
  dataDir: string,
  args: string[],
  nodeArgs: string[] = [],
): BenchChild {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SERVICES: 'auth,api',
    SEED_DEMO: 'true',
    WORKERS_IN_PROCESS: 'false',
    LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
    // The CSV exports of a slow run may outlast the default 15 minutes of a token.
    ACCESS_TOKEN_TTL_SECONDS: '86400',
  };
  const flags = mode === 'serve' ? ['--expose-gc', '--trace-gc', ...nodeArgs] : nodeArgs;
  const child: ChildProcess = spawn(process.execPath, [...flags, '--import', 'tsx', here, `--${mode}`, ...args], {
    cwd: path.resolve(path.dirname(here), '..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output: string[] = [];
  const gcEvents: GcEvent[] = [];
  let partial = '';
  const keep = (lines: string[]) => {
    output.push(...lines.filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const gc = GC_LINE.exec(line);
      if (!gc) keep([line]);
      // The forced collection before each baseline says "testing": not a reading of the export.
      if (!gc || line.includes('testing')) continue;
      gcEvents.push({
        at: performance.now(),
        isolate: gc[1]!,
        full: gc[2]!.startsWith('Mark-'),
        before: Number(gc[3]) * MB,
        after: Number(gc[4]) * MB,
      });
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    keep(chunk.toString('utf8').split('\n'));
    process.stderr.write(chunk.toString('utf8').replace(/^(?=.)/gm, `[${mode}] `));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, baseUrl: `http://127.0.0.1:${port}`, output, exited, gcEvents };
}

/** The child's next message of `type`; fails when the child exits first. */
function nextMessage<T extends FromChild['type']>(
  server: ServerProcess,
  type: T,
): Promise<Extract<FromChild, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromChild) => {
      if (message.type !== type) return;
      server.child.off('message', onMessage);
      resolve(message as Extract<FromChild, { type: T }>);
    };
    server.child.on('message', onMessage);
    void server.exited.then((code) => {
      server.child.off('message', onMessage);
      reject(new Error(`the child exited (code ${code}) before it sent "${type}":\n${server.output.join('\n')}`));
    });
  });
}

async function ask<T extends FromChild['type']>(server: ServerProcess, message: ToChild, reply: T) {
  const answer = nextMessage(server, reply);
  server.child.send(message);
  return answer;
}

/** Resident memory of a process in bytes (Linux /proc), read from outside: it needs no turn of its event loop. */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** Runs `work`, and `tick` over and over while it runs (each awaited, then SAMPLE_MS of pause). */
async function repeatDuring<T>(work: () => Promise<T>, tick: () => Promise<void>): Promise<T> {
  let running = true;
  const ticking = (async () => {
    while (running) {
      await tick();
      await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    }
  })();
  try {
    return await work();
  } finally {
    running = false;
    await ticking;
  }
}

type LoadResult = { latencies: number[]; bytes: number; seconds: number; failures: string[] };

/** `clients` loops fetching the PDF of a random invoice of `ids` one after another, for `seconds`. */
async function loadPdfs(baseUrl: string, token: string, ids: string[], clients: number, seconds: number) {
  const result: LoadResult = { latencies: [], bytes: 0, seconds: 0, failures: [] };
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < stopAt) {
        const id = ids[Math.floor(Math.random() * ids.length)]!;
        const t0 = performance.now();
        const response = await fetch(`${baseUrl}/api/invoices/${id}/pdf`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = Buffer.from(await response.arrayBuffer());
        const ms = performance.now() - t0;
        if (response.status !== 200 || body.subarray(0, 5).toString('latin1') !== '%PDF-') {
          result.failures.push(`${id}: ${response.status} ${body.subarray(0, 200).toString('utf8')}`);
          continue;
        }
        result.latencies.push(ms);
        result.bytes += body.length;
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

/** renderInvoicePdf alone, in this process, over `invoices` in turn for `seconds` (one warm-up pass first). */
async function renderAlone(invoices: Invoice[], seller: InvoiceSeller, seconds: number) {
  const { renderInvoicePdf } = await import('../apps/server/src/modules/invoices/invoices.pdf');
  for (const invoice of invoices) await renderInvoicePdf(invoice, seller);
  const result: LoadResult = { latencies: [], bytes: 0, seconds: 0, failures: [] };
  const started = performance.now();
  for (let i = 0; performance.now() - started < seconds * 1000; i++) {
    const t0 = performance.now();
    const pdf = await renderInvoicePdf(invoices[i % invoices.length]!, seller);
    result.latencies.push(performance.now() - t0);
    result.bytes += pdf.length;
  }
  result.seconds = (performance.now() - started) / 1000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

type Download = {
  status: number;
  bytes: number;
  lines: number;
  ms: number;
  firstByteMs: number;
  maxGapMs: number;
  head: string;
  endsWithNewline: boolean;
};

/** GETs `url` and consumes the body as it arrives, counting bytes and line ends (no row is kept). */
function download(url: string, token: string): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(url, { headers: { authorization: `Bearer ${token}` }, agent: false }, (response) => {
      const result: Download = {
        status: response.statusCode ?? 0,
        bytes: 0,
        lines: 0,
        ms: 0,
        firstByteMs: performance.now() - started,
        maxGapMs: 0,
        head: '',
        endsWithNewline: false,
      };
      let last = performance.now();
      let tail = 0;
      response.on('data', (chunk: Buffer) => {
        const at = performance.now();
        result.maxGapMs = Math.max(result.maxGapMs, at - last);
        last = at;
        if (result.head.length < 400) result.head += chunk.subarray(0, 400).toString('utf8');
        result.bytes += chunk.length;
        for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) result.lines += 1;
        tail = chunk[chunk.length - 1] ?? tail;
      });
      response.on('end', () => {
        result.ms = performance.now() - started;
        result.endsWithNewline = tail === 10;
        resolve(result);
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

const mb = (bytes: number) => (bytes / MB).toFixed(1);
const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

async function main(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      invoices: { type: 'string', default: '200000' },
      companies: { type: 'string', default: '2000' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      clients: { type: 'string', default: '1,4' },
      // A V8 CPU profile of the server, written to this folder when it stops (open it in Chrome DevTools).
      'server-cpu-prof': { type: 'string' },
      seed: { type: 'boolean', default: false },
      serve: { type: 'boolean', default: false },
    },
  });
  const total = Number(values.invoices);
  const companyCount = Number(values.companies);
  if (values.seed) {
    await seed(total, companyCount);
    return 0;
  }
  if (values.serve) {
    await serve();
    return -1;
  }
  const duration = Number(values.duration);
  const warmup = Number(values.warmup);
  const levels = values.clients.split(',').map(Number);
  if (
    !(total >= YEARS * NOTE_EVERY) ||
    !(companyCount >= 1) ||
    !(duration > 0) ||
    !(warmup >= 0) ||
    levels.some((n) => !Number.isInteger(n) || n < 1)
  ) {
    console.error(
      'usage: invoices.ts [--invoices=200000] [--companies=2000] [--duration=10] [--warmup=2] [--clients=1,4]',
    );
    return 1;
  }

  console.info(machineLine());
  console.info(`Database: ${describeDatabase(process.env.DATABASE_URL)}`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cuspid-bench-invoices-'));
  let child: BenchChild | undefined;
  const killOnExit = () => child?.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const failures: string[] = [];
  try {
    // 1. Seed, in a process of its own: the server below starts on a database that already holds the invoices.
    console.info(`Seeding ${thousands(total)} issued invoices over ${thousands(companyCount)} companies…`);
    child = startChild('seed', await freePort(), dataDir, [`--invoices=${total}`, `--companies=${companyCount}`]);
    const { summary: seeded } = await nextMessage(child, 'seeded');
    await child.exited;
    console.info(
      `Seed: ${thousands(seeded.invoices)} invoices (${thousands(seeded.creditNotes)} credit notes, ` +
        `${thousands(seeded.cancelled)} cancelled, ${thousands(seeded.open)} open, ` +
        `${thousands(seeded.reverseCharge)} reverse charge) with ${thousands(seeded.lines)} lines over ` +
        `${thousands(seeded.companies)} companies in ${(seeded.ms / 1000).toFixed(1)} s (vacuum analyze included); ` +
        `tables ${mb(seeded.invoicesBytes)} MB + lines ${mb(seeded.linesBytes)} MB with indexes`,
    );

    const profileDir = values['server-cpu-prof'];
    const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
    child = startChild('serve', await freePort(), dataDir, [], profile);
    const readyMs = await waitUntilReady(child, 300_000);
    console.info(`Server ready after ${(readyMs / 1000).toFixed(1)} s (${child.baseUrl}); no job workers\n`);
    const { baseUrl } = child;
    const token = await signIn(baseUrl);

    // 2. PDFs through HTTP, then the renderer alone.
    console.info(
      `PDF: GET /api/invoices/{id}/pdf as the demo admin, a random one of ${seeded.sampleIds.length} invoices per ` +
        `request; ${warmup} s warm-up + ${duration} s per level`,
    );
    await loadPdfs(baseUrl, token, seeded.sampleIds, 1, warmup);
    const rows: string[][] = [];
    const pdfRow = (label: string, r: LoadResult) => {
      const mean = r.latencies.reduce((sum, ms) => sum + ms, 0) / r.latencies.length;
      rows.push([
        label,
        (r.latencies.length / r.seconds).toFixed(1),
        mean.toFixed(2),
        percentile(r.latencies, 50).toFixed(2),
        percentile(r.latencies, 95).toFixed(2),
        (r.latencies.at(-1) ?? Number.NaN).toFixed(1),
        thousands(r.bytes / r.latencies.length),
        String(r.latencies.length),
        String(r.failures.length),
      ]);
      return mean;
    };
    let httpMean = Number.NaN;
    for (const clients of levels) {
      process.stdout.write(`… ${clients} client(s)\n`);
      const result = await loadPdfs(baseUrl, token, seeded.sampleIds, clients, duration);
      const mean = pdfRow(`HTTP, ${clients} client${clients === 1 ? '' : 's'}`, result);
      if (clients === 1) httpMean = mean;
      failures.push(...result.failures.slice(0, 5).map((f) => `PDF: ${f}`));
      if (result.latencies.length === 0) failures.push(`PDF: no PDF at ${clients} client(s)`);
    }
    // The same invoices as JSON, rendered here without HTTP, database or authentication.
    const invoices: Invoice[] = [];
    for (const id of seeded.sampleIds.slice(0, 50)) {
      const response = await fetch(`${baseUrl}/api/invoices/${id}`, { headers: { authorization: `Bearer ${token}` } });
      if (response.status !== 200) throw new Error(`GET /api/invoices/${id} answered ${response.status}`);
      invoices.push((await response.json()) as Invoice);
    }
    process.stdout.write('… renderInvoicePdf alone\n');
    const renderMean = pdfRow('renderInvoicePdf alone', await renderAlone(invoices, seeded.seller, duration));
    console.info(
      `\n${formatTable(['', 'PDFs/s', 'mean ms', 'p50 ms', 'p95 ms', 'max ms', 'bytes/PDF', 'PDFs', 'failed'], rows)}`,
    );
    console.info(
      `Rendering is ${renderMean.toFixed(2)} ms of the ${httpMean.toFixed(2)} ms of one PDF through HTTP at 1 client; ` +
        `HTTP, authentication and the invoice's queries add ${(httpMean - renderMean).toFixed(2)} ms.\n`,
    );

    // 3. CSV exports, the server's memory sampled in the server every 100 ms.
    const exports = [
      {
        name: 'warm-up: one company',
        query: `company_id=${seeded.smallCompany.id}`,
        rows: seeded.smallCompany.invoices,
      },
      {
        name: `year ${seeded.firstYear}`,
        query: `from=${seeded.firstYear}-01-01&to=${seeded.firstYear}-12-31`,
        rows: seeded.firstYearInvoices,
      },
      { name: 'all invoices', query: '', rows: seeded.allInvoices },
    ];
    // The full export first reads every row once (on PGlite into the server's own memory): again, warm.
    exports.splice(1, 0, { ...exports[2]!, name: 'all invoices, first' });
    exports[3]!.name = 'all invoices, again';
    console.info(
      `CSV: GET /api/invoices/download/csv as the demo admin, the body consumed as it arrives; the server's RSS read ` +
        `from /proc every ${SAMPLE_MS} ms, its heap sampled in the server every ${SAMPLE_MS} ms (a forced GC first)`,
    );
    const speed: string[][] = [];
    const memory: string[][] = [];
    const growth: { name: string; rows: number; rss: number; heap: number }[] = [];
    for (const run of exports) {
      process.stdout.write(`… ${run.name}\n`);
      await ask(child, { type: 'sample-start' }, 'sampling');
      const url = `${baseUrl}/api/invoices/download/csv${run.query ? `?${run.query}` : ''}`;
      const pid = child.child.pid!;
      const rss = { baseline: await rssOf(pid), peak: 0 };
      rss.peak = rss.baseline;
      let readyMaxMs = 0;
      const windowStart = performance.now();
      // The server's RSS from /proc, and how long another request (GET /ready) waits, while the export runs.
      const got = await repeatDuring(
        () =>
          repeatDuring(
            () => download(url, token),
            async () => {
              rss.peak = Math.max(rss.peak, await rssOf(pid).catch(() => 0));
            },
          ),
        async () => {
          const t0 = performance.now();
          const ready = await fetch(`${baseUrl}/ready`);
          await ready.body?.cancel();
          readyMaxMs = Math.max(readyMaxMs, performance.now() - t0);
        },
      );
      rss.peak = Math.max(rss.peak, await rssOf(pid));
      const { report } = await ask(child, { type: 'sample-stop' }, 'samples');
      // The main thread's isolate collects first, at start-up; worker threads' heaps are their own.
      const main = child.gcEvents[0]?.isolate;
      const collections = child.gcEvents.filter((e) => e.at >= windowStart && e.isolate === main);
      const live = collections.filter((e) => e.full).map((e) => e.after);
      const dataRows = got.lines - 1;
      const ok =
        got.status === 200 &&
        dataRows === run.rows &&
        got.endsWithNewline &&
        got.head.startsWith('\uFEFF"number","type","status"') &&
        (got.head.split('\r\n')[1] ?? '').split(',').length >= CSV_COLUMNS;
      if (!ok)
        failures.push(
          `CSV ${run.name}: HTTP ${got.status}, ${dataRows} data rows (expected ${run.rows}), ` +
            `ends with a newline: ${got.endsWithNewline}, starts: ${JSON.stringify(got.head.slice(0, 120))}`,
        );
      const first = report.samples[0]!;
      const heapPeak = Math.max(...report.samples.map((s) => s.heapUsed), ...collections.map((e) => e.before));
      const gaps = report.samples.slice(1).map((s, i) => s.ms - report.samples[i]!.ms);
      speed.push([
        run.name,
        thousands(dataRows),
        ok ? 'yes' : 'NO',
        (got.ms / 1000).toFixed(2),
        thousands(dataRows / (got.ms / 1000)),
        mb(got.bytes),
        got.firstByteMs.toFixed(0),
        got.maxGapMs.toFixed(0),
        (report.cpuMs / 1000).toFixed(2),
        thousands(readyMaxMs),
      ]);
      memory.push([
        run.name,
        mb(rss.baseline),
        mb(rss.peak),
        `+${mb(rss.peak - rss.baseline)}`,
        mb(first.heapUsed),
        mb(heapPeak),
        `+${mb(heapPeak - first.heapUsed)}`,
        `${collections.length} (${live.length})`,
        live.length ? `${mb(Math.min(...live))}–${mb(Math.max(...live))}` : '-',
        `${report.samples.length} / ${thousands(Math.max(0, ...gaps))}`,
      ]);
      growth.push({ name: run.name, rows: dataRows, rss: rss.peak - rss.baseline, heap: heapPeak - first.heapUsed });
    }
    console.info(
      `\n${formatTable(
        [
          'export',
          'data rows',
          'count ok',
          's',
          'rows/s',
          'MB',
          'first byte ms',
          'max gap ms',
          'server CPU s',
          '/ready max ms',
        ],
        speed,
      )}\n`,
    );
    console.info(
      `${formatTable(
        [
          'export',
          'RSS MB',
          'RSS peak',
          'RSS growth',
          'heap MB',
          'heap peak',
          'heap growth',
          'GCs (full)',
          'heap after full GCs',
          'timer samples / longest ms',
        ],
        memory,
      )}\n`,
    );
    const [, , year, all] = growth;
    if (year && all)
      console.info(
        `Peak growth over the baseline: ${thousands(year.rows)} rows RSS +${mb(year.rss)} MB, heap +${mb(year.heap)} MB; ` +
          `${thousands(all.rows)} rows RSS +${mb(all.rss)} MB, heap +${mb(all.heap)} MB ` +
          `(${(all.rows / year.rows).toFixed(1)}× the rows).`,
      );
    console.info(
      '`count ok`: HTTP 200, the header, and exactly as many data rows as the database holds for the filter. ' +
        '`/ready max ms`: the longest a GET /ready sent every 100 ms waited meanwhile. RSS from /proc every 100 ms; ' +
        'heap peak: the highest of the in-process samples and of the heap before each collection of the export ' +
        '(--trace-gc); `heap after full GCs`: what survived them, the live heap (it would grow if rows were kept).',
    );
    for (const failure of failures) console.error(`FAIL: ${failure}`);
    return failures.length ? 1 : 0;
  } finally {
    if (child) await stopServer(child);
    process.off('exit', killOnExit);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    // The server child keeps running until it is stopped.
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
