import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { StatementNames, statementName } from './named-statements';

describe('named statements', () => {
  it('names a query with parameters after its text, leaves one without parameters alone', () => {
    const names = new StatementNames();
    const text = 'select $1::int';
    expect(names.nameQuery(text, [1])).toEqual({ text, name: statementName(text) });
    expect(names.nameQuery({ text, rowMode: 'array' }, [2])).toEqual({
      text,
      rowMode: 'array',
      name: statementName(text),
    });
    expect(names.nameQuery({ text, values: [3] })).toEqual({ text, values: [3], name: statementName(text) });
    // No parameters: the simple protocol, where a text may hold several commands.
    expect(names.nameQuery('select 1; select 2')).toBe('select 1; select 2');
    expect(names.nameQuery({ text: 'select 1' }, [])).toEqual({ text: 'select 1' });
    // A name given by the caller stays.
    expect(names.nameQuery({ text, name: 'mine' }, [1])).toEqual({ text, name: 'mine' });
    expect(statementName('select $1::int')).not.toBe(statementName('select $1::text'));
    expect(names.size).toBe(1);
  });

  it('stops naming new texts at its limit; the named ones stay named', () => {
    const names = new StatementNames(2);
    names.nameQuery('select $1::int', [1]);
    names.nameQuery('select $1::text', ['a']);
    expect(names.nameQuery('select $1::date', ['2026-01-01'])).toBe('select $1::date');
    expect(names.nameQuery('select $1::int', [5])).toEqual({
      text: 'select $1::int',
      name: statementName('select $1::int'),
    });
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('named statements on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1 });
  });
  afterAll(() => database?.close());

  it('prepares a statement with parameters once per connection and runs it again by name', async () => {
    const marker = `named-${Date.now()}`;
    for (let i = 0; i < 3; i++) {
      const result = (await database.db.execute(sql`select ${marker}::text as marker, ${i}::int as i`)) as unknown as {
        rows: { marker: string; i: number }[];
      };
      expect(result.rows).toEqual([{ marker, i }]);
    }
    const prepared = (await database.db.execute(
      sql`select name, statement from pg_prepared_statements where statement like ${'%::text as marker%'}`,
    )) as unknown as { rows: { name: string; statement: string }[] };
    expect(prepared.rows).toHaveLength(1);
    expect(prepared.rows[0]!.name).toBe(statementName(prepared.rows[0]!.statement));
    // Several commands without parameters still run (simple protocol).
    await database.db.execute(sql.raw('select 1; select 2'));
  });

  it('keeps the plain pool when prepared statements are turned off (a pooler in front)', async () => {
    const plain = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1, preparedStatements: false });
    try {
      await plain.db.execute(sql`select ${1}::int as one`);
      const prepared = (await plain.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements`,
      )) as unknown as {
        rows: { n: number }[];
      };
      expect(prepared.rows[0]!.n).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
