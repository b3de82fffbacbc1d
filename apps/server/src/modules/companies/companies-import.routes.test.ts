import { parse } from 'csv-parse/sync';
import { eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/docx';
import {
  bearer,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  randomAddress,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { companies, companyBankAccounts } from './companies.schema';
import { COMPANY_CSV_COLUMNS, csvLine, undefuseFormulas } from './companies-csv';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

const { get, post, put } = requestsTo(() => ctx.app);

const HEADER = COMPANY_CSV_COLUMNS.map(([name]) => name);

function upload(csv: string | Buffer, token?: string) {
  const body = multipart([
    { name: 'file', fileName: 'companies.csv', content: Buffer.from(csv), contentType: 'text/csv' },
  ]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/companies-import',
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
    remoteAddress: randomAddress(),
  });
}

type Row = Partial<Record<(typeof HEADER)[number], string | null>>;
const csvOf = (rows: Row[], header: string[] = HEADER) =>
  csvLine(header) + rows.map((row) => csvLine(header.map((h) => row[h] ?? null))).join('');

const prefix = () => `T${Math.random().toString(36).slice(2, 8)}-`;
const row = (number: string, fields: Row = {}): Row => ({
  company_number: number,
  company_name: `Praxis ${number}`,
  country: 'DE',
  city: 'Berlin',
  apply_reverse_charge: 'false',
  ...fields,
});

const companiesWithPrefix = (p: string) =>
  ctx.deps.db
    .select()
    .from(companies)
    .where(like(companies.companyNumber, `${p}%`));

async function companyWithUser(role: string, fields: Record<string, unknown> = {}) {
  const created = await post(
    '/api/companies',
    { company_name: `Co ${Math.random()}`, country: 'DE', ...fields },
    adminToken,
  );
  expect(created.statusCode).toBe(201);
  const company = created.json();
  const user = await createTestUser(ctx.deps, { roles: [role], companyId: company.id });
  return { company, token: (await loginAs(ctx.app, user.mail)).token };
}

describe('POST /api/companies-import', () => {
  it('answers 403 without backoffice-company', async () => {
    const p = prefix();
    const { token } = await companyWithUser('end-user');
    expect((await upload(csvOf([row(`${p}1`)]), token)).statusCode).toBe(403);
    expect(await companiesWithPrefix(p)).toHaveLength(0);
  });

  it('answers 400 without a file and for a header that is not the export', async () => {
    const noFile = await post('/api/companies-import', { nothing: true }, adminToken);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors.file).toBeDefined();

    const badHeader = await upload('company_name,colour\r\nA,red\r\n', adminToken);
    expect(badHeader.statusCode).toBe(400);
    expect(badHeader.json().lines).toEqual(
      expect.arrayContaining([
        { line: 1, field: 'colour', message: 'This column is not one of the export columns' },
        { line: 1, field: 'company_number', message: 'This column is required' },
        { line: 1, field: 'country', message: 'This column is required' },
      ]),
    );
    // The standard error shape: errors by line, each problem with its column, and the request id.
    expect(badHeader.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(/^Nothing was imported: \d lines are not valid/),
      errors: expect.objectContaining({
        'line 1': expect.arrayContaining([
          'colour: This column is not one of the export columns',
          'company_number: This column is required',
          'country: This column is required',
        ]),
      }),
      lines: expect.any(Array),
      requestId: badHeader.headers['x-request-id'],
    });
    // A file that is no CSV at all (a quote inside the first field): the line is named, never a 500.
    for (const notCsv of ['{"company_name": "A"}\n', 'a"b,c\n']) {
      const response = await upload(notCsv, adminToken);
      expect(response.statusCode, notCsv).toBe(400);
      expect(response.json().lines, notCsv).toEqual(
        expect.arrayContaining([{ line: 1, field: 'file', message: 'This line is not valid CSV' }]),
      );
    }
    const empty = (await upload('', adminToken)).json();
    expect(empty.lines).toEqual([{ line: 1, field: 'file', message: 'The file holds no header line' }]);
    expect(empty.errors).toEqual({ 'line 1': ['The file holds no header line'] });
    expect(empty.requestId).toEqual(expect.any(String));
  });

  it('imports nothing when 3 of many lines are bad, and names exactly those lines', async () => {
    const p = prefix();
    const rows = Array.from({ length: 60 }, (_, i) => row(`${p}${i}`));
    rows[9] = row(`${p}9`, { company_name: '' }); // line 11
    rows[29] = row(`${p}29`, { invoice_email_address: 'not-a-mail', apply_reverse_charge: 'maybe' }); // line 31
    rows[49] = row(`${p}0`); // line 51: the number of line 2 again
    const response = await upload(csvOf(rows), adminToken);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('Nothing was imported: 3 lines are not valid. Correct them and import the file again.');
    expect([...new Set(body.lines.map((e: { line: number }) => e.line))]).toEqual([11, 31, 51]);
    expect(Object.keys(body.errors)).toEqual(['line 11', 'line 31', 'line 51']);
    expect(body.errors['line 51']).toEqual([
      'company_number: This company number appears more than once in the file (first on line 2)',
    ]);
    expect(body.lines).toEqual(
      expect.arrayContaining([
        { line: 11, field: 'company_name', message: 'This field is required' },
        { line: 31, field: 'apply_reverse_charge', message: 'Write true or false' },
        expect.objectContaining({ line: 31, field: 'invoice_email_address' }),
        {
          line: 51,
          field: 'company_number',
          message: 'This company number appears more than once in the file (first on line 2)',
        },
      ]),
    );
    expect(await companiesWithPrefix(p)).toHaveLength(0);
  });

  it('counts lines of quoted cells that hold line breaks and skips empty lines', async () => {
    const p = prefix();
    const csv = `${csvOf([row(`${p}1`, { address_line2: 'Hof\nlinks' })])}\r\n${csvLine(HEADER.map((h) => row(`${p}2`, { country: 'Germany' })[h] ?? null))}`;
    const response = await upload(csv, adminToken);
    expect(response.statusCode).toBe(400);
    expect(response.json().lines).toEqual([{ line: 5, field: 'country', message: 'Choose a country' }]);
  });

  it('imports, then re-imports the same file without changing anything (idempotent by company number)', async () => {
    const p = prefix();
    const { company: partner } = await companyWithUser('reseller');
    const rows = Array.from({ length: 25 }, (_, i) =>
      row(`${p}${i}`, {
        reseller: i % 2 ? partner.company_name : null,
        iban: i % 5 ? null : 'DE89 3704 0044 0532 0130 00',
      }),
    );
    const first = await upload(csvOf(rows), adminToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ created: 25, updated: 0, unchanged: 0 });
    const imported = await companiesWithPrefix(p);
    expect(imported).toHaveLength(25);
    expect(imported.filter((c) => c.resellerId === partner.id)).toHaveLength(12);
    const accounts = await ctx.deps.db
      .select()
      .from(companyBankAccounts)
      .where(
        inArray(
          companyBankAccounts.companyId,
          imported.map((c) => c.id),
        ),
      );
    expect(accounts.map((a) => [a.iban, a.isDefault])).toEqual(Array(5).fill(['DE89370400440532013000', true]));

    const again = await upload(csvOf(rows), adminToken);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 25 });
    const after = await companiesWithPrefix(p);
    expect(after.map((c) => c.updatedAt.getTime()).sort()).toEqual(imported.map((c) => c.updatedAt.getTime()).sort());

    rows[3] = { ...rows[3], city: 'Hamburg' };
    const changed = await upload(csvOf(rows), adminToken);
    expect(changed.json()).toMatchObject({ created: 0, updated: 1, unchanged: 24 });
    const [hamburg] = await ctx.deps.db
      .select()
      .from(companies)
      .where(eq(companies.companyNumber, `${p}3`));
    expect(hamburg?.city).toBe('Hamburg');
  });

  it('round-trips the CSV export unchanged, tricky cells included', async () => {
    const p = prefix();
    const { company: partner } = await companyWithUser('reseller');
    const created = await post(
      '/api/companies',
      {
        company_name: `=${p} "Weiß", Praxis`,
        company_number: `${p}1`,
        country: 'AT',
        address_line1: "'quoted",
        address_line2: 'Hof\r\nlinks',
        contact_person: '-Dr. Minus',
        apply_reverse_charge: true,
        reseller_id: partner.id,
        bank_accounts: [{ iban: 'DE02120300000000202051' }, { iban: 'DE89370400440532013000', is_default: true }],
      },
      adminToken,
    );
    expect(created.statusCode).toBe(201);
    const exported = await get(`/api/companies/download/csv?search=${encodeURIComponent(p)}`, adminToken);
    expect(exported.statusCode).toBe(200);
    const before = (await companiesWithPrefix(p))[0]!;

    const response = await upload(exported.body, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect((await companiesWithPrefix(p))[0]).toEqual(before);

    // The same file into a system without the company creates it with the same values.
    await ctx.deps.db.delete(companyBankAccounts).where(eq(companyBankAccounts.companyId, before.id));
    await ctx.deps.db.delete(companies).where(eq(companies.id, before.id));
    const recreated = await upload(exported.body, adminToken);
    expect(recreated.json()).toMatchObject({ created: 1 });
    const copy = (await companiesWithPrefix(p))[0]!;
    expect({ ...copy, id: '', createdAt: 0, updatedAt: 0 }).toEqual({ ...before, id: '', createdAt: 0, updatedAt: 0 });
  });

  it('keeps a partner to its own companies: another company is not found, nothing is imported', async () => {
    const p = prefix();
    const { company: resellerA, token: tokenA } = await companyWithUser('reseller');
    const { company: resellerB } = await companyWithUser('reseller');
    const { company: ofA } = await companyWithUser('end-user', { reseller_id: resellerA.id, company_number: `${p}A` });
    const { company: ofB } = await companyWithUser('end-user', { reseller_id: resellerB.id, company_number: `${p}B` });

    const response = await upload(
      csvOf([
        row('', { company_name: `${p} new` }),
        row(`${p}B`, { company_name: 'Taken over' }),
        row('', { company_name: `${p} new 2`, reseller: resellerB.company_name }),
      ]),
      tokenA,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().lines).toEqual([
      { line: 3, field: 'company_number', message: 'The company was not found' },
      { line: 4, field: 'reseller', message: 'The partner company was not found' },
    ]);
    expect(await companiesWithPrefix(`${p}1`)).toHaveLength(0);
    const [untouched] = await ctx.deps.db.select().from(companies).where(eq(companies.id, ofB.id));
    expect(untouched?.companyName).toBe(ofB.company_name);

    // Without those lines: its own company is updated, new ones get server numbers and land below it.
    const ok = await upload(
      csvOf([
        row(`${p}A`, { company_name: ofA.company_name, city: 'Köln', reseller: resellerA.company_name }),
        row('', { company_name: `${p} new` }),
        row('', { company_name: `${p} new 2` }),
      ]),
      tokenA,
    );
    expect(ok.json()).toMatchObject({ created: 2, updated: 1 });
    expect(ok.statusCode).toBe(200);
    const created = await ctx.deps.db
      .select()
      .from(companies)
      .where(inArray(companies.companyName, [`${p} new`, `${p} new 2`]));
    expect(created.map((c) => c.resellerId)).toEqual([resellerA.id, resellerA.id]);
    for (const c of created) expect(c.companyNumber).toMatch(/^\d+$/);
    expect(new Set(created.map((c) => c.companyNumber)).size).toBe(2);
  });

  it("answers a sibling reseller the same whether a company number exists in another tenant's or nowhere", async () => {
    const p = prefix();
    const { token: tokenA } = await companyWithUser('reseller');
    const { company: resellerB } = await companyWithUser('reseller');
    await companyWithUser('end-user', { reseller_id: resellerB.id, company_number: `${p}taken` });
    const withoutRequestId = (response: { statusCode: number; json: () => Record<string, unknown> }) => {
      const { requestId, ...body } = response.json();
      expect(requestId).toEqual(expect.any(String));
      return { status: response.statusCode, body };
    };

    // The import: the number of B's company and a number nobody holds.
    const taken = await upload(csvOf([row(`${p}taken`, { company_name: 'Probe' })]), tokenA);
    const free = await upload(csvOf([row(`${p}free`, { company_name: 'Probe' })]), tokenA);
    expect(withoutRequestId(taken)).toEqual(withoutRequestId(free));
    expect(taken.json().lines).toEqual([{ line: 2, field: 'company_number', message: 'The company was not found' }]);

    // The company form: naming either number is refused alike, before any lookup.
    const create = (number: string) =>
      post('/api/companies', { company_name: 'Probe', country: 'DE', company_number: number }, tokenA);
    const takenCreate = await create(`${p}taken`);
    const freeCreate = await create(`${p}free`);
    expect(takenCreate.statusCode).toBe(400);
    expect(withoutRequestId(takenCreate)).toEqual(withoutRequestId(freeCreate));
    expect(takenCreate.json().errors.company_number).toEqual([
      'Company numbers are given by the back office. Leave the field empty and the next free number is given.',
    ]);
    const own = (await create('')).json();
    expect(own.company_number).toMatch(/^\d+$/);
    const rename = (number: string) => put(`/api/companies/${own.id}`, { company_number: number }, tokenA);
    expect(withoutRequestId(await rename(`${p}taken`))).toEqual(withoutRequestId(await rename(`${p}free`)));
    // Its own number, unchanged, is accepted (the edit form sends it back).
    expect((await rename(own.company_number)).statusCode).toBe(200);
    expect(await companiesWithPrefix(`${p}free`)).toHaveLength(0);

    // The back office sees every company: it chooses numbers and learns of a clash.
    const staff = await post(
      '/api/companies',
      { company_name: 'Probe', country: 'DE', company_number: `${p}taken` },
      adminToken,
    );
    expect(staff.statusCode).toBe(409);
  });

  it('exports values with separators, line ends, quotes and formulas so that no cell can run and each reads back', async () => {
    const p = prefix();
    const values = [
      'x;=10+20',
      'x,=10+20',
      'x\t=10+20',
      'x\r=10+20',
      'x\n-1',
      '-2+3',
      '@SUM(A1)',
      '+49 30 1234',
      '=HYPERLINK("http://x")',
      'say "hi", then; go',
      "'quoted",
      '00123',
      'Zahnärzte Müller ß é €',
    ];
    const fields = ['address_line1', 'address_line2', 'city', 'contact_person', 'external_order_number'] as const;
    for (const [i, value] of values.entries()) {
      const payload: Record<string, unknown> = { company_name: `${p}${i} ${value}`, country: 'DE' };
      for (const field of fields) payload[field] = value;
      const created = await post('/api/companies', payload, adminToken);
      expect(created.statusCode).toBe(201);
    }
    const exported = await get(
      `/api/companies/download/csv?search=${encodeURIComponent(p)}&sort_by=company_name`,
      adminToken,
    );
    expect(exported.statusCode).toBe(200);

    // A spreadsheet ignoring the quotes and splitting at any separator or line end finds no formula.
    for (const piece of exported.body.replace(/^\uFEFF/, '').split(/[,;|\t\r\n]/)) {
      expect(/^[ ]*[=+\-@]/.test(piece.replace(/^"+/, '')), JSON.stringify(piece)).toBe(false);
    }
    // Every text cell is quoted.
    const [header, ...rows] = parse(exported.body, { bom: true, raw: true }) as unknown as {
      record: string[];
      raw: string;
    }[];
    for (const { record, raw } of rows) {
      expect(raw.replace(/\r\n$/, '').split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)).toHaveLength(record.length);
    }
    const columns = header!.record;
    const byName = rows
      .map(({ record }) => Object.fromEntries(columns.map((c, i) => [c, undefuseFormulas(record[i]!)])))
      .sort(
        (a, b) =>
          Number(a.company_name!.slice(p.length).split(' ')[0]) - Number(b.company_name!.slice(p.length).split(' ')[0]),
      );
    expect(byName).toHaveLength(values.length);
    for (const [i, value] of values.entries()) {
      const cells = byName[i]!;
      expect(cells.company_name).toBe(`${p}${i} ${value}`);
      for (const field of fields) expect(cells[field], `${field} of ${JSON.stringify(value)}`).toBe(value);
    }
    for (const { raw } of rows) {
      for (const cell of raw.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
        if (cell) expect(cell === 'true' || cell === 'false' || /^".*"\s*$/s.test(cell), cell).toBe(true);
      }
    }
  });

  describe('text encodings', () => {
    const NAME = 'Zahnärzte Müller';
    const CITY = 'Straße é € Ü';
    const fileOf = (p: string) =>
      csvOf([row(`${p}1`, { company_name: NAME, city: CITY }), row(`${p}2`, { city: 'Köln' })]);
    const windows1252 = (text: string) =>
      Buffer.from(
        Array.from(text, (c) => {
          if (c === '€') return 0x80;
          const code = c.charCodeAt(0);
          if (code > 0xff) throw new Error(`no Windows-1252 byte for ${c}`);
          return code;
        }),
      );
    const utf16be = (text: string) => {
      const bytes = Buffer.from(text, 'utf16le');
      for (let i = 0; i < bytes.length; i += 2) [bytes[i], bytes[i + 1]] = [bytes[i + 1]!, bytes[i]!];
      return bytes;
    };
    const encodings: [string, (text: string) => Buffer][] = [
      ['UTF-8', (text) => Buffer.from(text.replace(/^\uFEFF/, ''), 'utf8')],
      ['UTF-8 with BOM', (text) => Buffer.from(`\uFEFF${text}`, 'utf8')],
      ['UTF-16LE', (text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
      ['UTF-16BE', (text) => Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)])],
      ['Windows-1252', windows1252],
    ];

    it.each(encodings)(
      'reads a %s file, stores the right characters and says which encoding it read',
      async (encoding, encode) => {
        const p = prefix();
        const response = await upload(encode(fileOf(p)), adminToken);
        expect(response.json()).toMatchObject({ created: 2, encoding });
        expect(response.statusCode).toBe(200);
        const stored = (await companiesWithPrefix(p)).sort((a, b) => a.companyNumber.localeCompare(b.companyNumber));
        expect(stored.map((c) => [c.companyName, c.city])).toEqual([
          [NAME, CITY],
          [`Praxis ${p}2`, 'Köln'],
        ]);
        expect(stored.some((c) => `${c.companyName}${c.city}`.includes('\uFFFD'))).toBe(false);
      },
    );

    const refusedLine = async (bytes: Buffer) => {
      const response = await upload(bytes, adminToken);
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.requestId).toEqual(expect.any(String));
      expect(body.lines).toHaveLength(1);
      expect(Object.keys(body.errors)).toEqual([`line ${body.lines[0].line}`]);
      expect(body.message).toBe(`Line ${body.lines[0].line}: ${body.lines[0].message}`);
      return body.lines[0] as { line: number; field: string; message: string };
    };

    it('refuses bytes the encoding does not define, naming their line, and imports nothing', async () => {
      const p = prefix();
      const lines = fileOf(p).split('\r\n');
      const at = (line: number, bytes: Buffer, encode = (t: string) => Buffer.from(t)) =>
        Buffer.concat([
          encode(`${lines.slice(0, line - 1).join('\r\n')}\r\nX`),
          bytes,
          encode(`${lines.slice(line - 1).join('\r\n')}`),
        ]);
      // Windows-1252 leaves 0x81 undefined.
      expect(await refusedLine(at(3, Buffer.from([0x81]), windows1252))).toEqual({
        line: 3,
        field: 'file',
        message:
          'This line holds bytes that are not Windows-1252 text. Save the file as "CSV UTF-8" and import it again.',
      });
      // UTF-8 (its letters before the bad byte say so) broken on line 3: not read as Windows-1252.
      expect((await refusedLine(at(3, Buffer.from([0xc3, 0x28])))).message).toMatch(/not UTF-8 text/);
      expect((await refusedLine(at(3, Buffer.from([0xc3, 0x28])))).line).toBe(3);
      // With a byte order mark the file is UTF-8 whatever follows.
      const bom = Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from(csvLine(HEADER)),
        Buffer.from('\n\n'),
        Buffer.from([0xe4]),
      ]);
      expect(await refusedLine(bom)).toMatchObject({
        line: 4,
        message: expect.stringMatching(/not UTF-8 with BOM text/),
      });
      // UTF-16 with an unpaired surrogate on line 2.
      const utf16 = Buffer.concat([
        Buffer.from([0xff, 0xfe]),
        Buffer.from(`${csvLine(HEADER)}x`, 'utf16le'),
        Buffer.from([0x00, 0xd8]),
        Buffer.from('y\r\n', 'utf16le'),
      ]);
      expect(await refusedLine(utf16)).toMatchObject({ line: 2, message: expect.stringMatching(/not UTF-16LE text/) });
      expect(await companiesWithPrefix(p)).toHaveLength(0);
    });

    it('refuses a NUL character with its line, in any encoding (a UTF-16 file without byte order mark too)', async () => {
      const p = prefix();
      const file = fileOf(p).replace(`Praxis ${p}2`, `Praxis\0${p}2`);
      expect(await refusedLine(Buffer.from(file))).toEqual({
        line: 3,
        field: 'file',
        message:
          'This line holds a NUL character, which a CSV file cannot hold. Save the file as "CSV UTF-8" and import it again.',
      });
      expect((await refusedLine(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(file, 'utf16le')]))).line).toBe(
        3,
      );
      expect((await refusedLine(Buffer.from(fileOf(p), 'utf16le'))).line).toBe(1);
      expect(await companiesWithPrefix(p)).toHaveLength(0);
    });
  });
});
