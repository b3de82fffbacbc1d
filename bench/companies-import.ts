// Company CSV import on the real server: `npm run bench -- companies-import [--rows=10000]`
// (PGlite in a fresh temp DATA_DIR; PostgreSQL when DATABASE_URL is set — use an empty database).
// A file with 3 bad lines must import nothing and name exactly those lines; the fixed file must
// import every company (target: under 10 s), and importing it again must change nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { freePort, startServer, stopServer, waitUntilReady } from '@cuspid/server-process';

const ADMIN = { mail: 'admin@cuspid.local', password: 'Cuspid#Demo1' } as const;
const TARGET_MS = 10_000;
const HEADER = [
  'id',
  'company_number',
  'company_name',
  'vat_id',
  'country',
  'address_line1',
  'address_line2',
  'zip',
  'city',
  'invoice_email_address',
  'warning_mail_address',
  'apply_reverse_charge',
  'external_order_number',
  'contact_person',
  'reseller',
  'sales_partner',
  'service_partner',
  'iban',
  'created_at',
];

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** A CSV in the export's columns; `bad` lists the 0-based rows to spoil (three different ways). */
export function buildCsv(rows: number, runId: string, bad: number[] = []): string {
  const lines = [HEADER.join(',')];
  for (let i = 0; i < rows; i++) {
    const number = `B${runId}-${String(i).padStart(6, '0')}`;
    const values: Record<string, string> = {
      company_number: number,
      company_name: `Zahnarztpraxis ${i}, "Bench"`,
      vat_id: `DE${String(100000000 + i)}`,
      country: 'DE',
      address_line1: `Hauptstraße ${i}`,
      zip: String(10000 + (i % 89999)),
      city: 'Berlin',
      invoice_email_address: `invoices-${i}@praxis.example`,
      apply_reverse_charge: i % 3 ? 'false' : 'true',
      contact_person: `Dr. Person ${i}`,
      iban: i % 4 ? '' : 'DE89370400440532013000',
    };
    const kind = bad.indexOf(i);
    if (kind === 0) values.company_name = '';
    if (kind === 1) values.invoice_email_address = 'not-a-mail';
    if (kind === 2) values.country = 'Germany';
    lines.push(HEADER.map((h) => cell(values[h] ?? '')).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

async function upload(baseUrl: string, token: string, csv: string) {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'companies.csv');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/companies-import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as Record<string, unknown>;
  return { status: response.status, body, ms: performance.now() - started };
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' } } });
  const rows = Number(values.rows);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cuspid-bench-import-'));
  const server = startServer({
    port: await freePort(),
    dataDir,
    echoStderr: '[server] ',
    env: { SERVICES: 'auth,api', SEED_DEMO: 'true' },
  });
  const { baseUrl } = server;
  try {
    await waitUntilReady(server, 120_000);
    const login = await fetch(`${baseUrl}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (login.status !== 200) throw new Error(`login answered ${login.status}: ${await login.text()}`);
    const { token } = (await login.json()) as { token: string };

    console.info(
      `Database: ${process.env.DATABASE_URL ? 'PostgreSQL from DATABASE_URL' : 'PGlite (embedded, fresh temp DATA_DIR)'}`,
    );
    const runId = Math.random().toString(36).slice(2, 7);
    const bad = [17, Math.floor(rows / 2), rows - 5];
    const badCsv = buildCsv(rows, runId, bad);
    const refused = await upload(baseUrl, token, badCsv);
    const lines = [...new Set((refused.body.lines as { line: number }[] | undefined)?.map((e) => e.line) ?? [])];
    const expectedLines = bad.map((i) => i + 2);
    const refusedOk = refused.status === 400 && JSON.stringify(lines) === JSON.stringify(expectedLines);
    console.info(
      `${rows} rows with 3 bad:   ${refused.status} in ${(refused.ms / 1000).toFixed(2)} s, lines named ${JSON.stringify(lines)} (expected ${JSON.stringify(expectedLines)}) ${refusedOk ? 'OK' : 'FAIL'}`,
    );

    const fixed = await upload(baseUrl, token, buildCsv(rows, runId));
    const fixedOk = fixed.status === 200 && fixed.body.created === rows && fixed.ms < TARGET_MS;
    console.info(
      `${rows} rows, fixed:       ${fixed.status} in ${(fixed.ms / 1000).toFixed(2)} s, created ${fixed.body.created} (target < ${TARGET_MS / 1000} s) ${fixedOk ? 'OK' : 'FAIL'}`,
    );

    const again = await upload(baseUrl, token, buildCsv(rows, runId));
    const againOk = again.status === 200 && again.body.unchanged === rows && again.body.created === 0;
    console.info(
      `${rows} rows, re-imported: ${again.status} in ${(again.ms / 1000).toFixed(2)} s, unchanged ${again.body.unchanged} ${againOk ? 'OK' : 'FAIL'}`,
    );
    return refusedOk && fixedOk && againOk ? 0 : 1;
  } finally {
    await stopServer(server);
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
