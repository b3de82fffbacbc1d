import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type DbOrTx, openDatabase } from './client';
import { statementName } from './named-statements';
import { ShapedStatements } from './shaped-statements';

/** A query that counts how often it is built and prepared, and answers the values it is run with. */
function countingQuery(text: string, counts: { built: number; prepared: string[] }) {
  counts.built += 1;
  return {
    toSQL: () => ({ sql: text }),
    prepare: (name: string) => {
      counts.prepared.push(name);
      return { execute: async (values: Record<string, unknown>) => [{ text, values }] };
    },
  };
}

describe('statements built once per shape', () => {
  it('builds and prepares a shape once, names it after its text, and binds each call its own values', async () => {
    const statements = new ShapedStatements<{ text: string; values: Record<string, unknown> }>();
    const db = {} as DbOrTx;
    const counts = { built: 0, prepared: [] as string[] };
    const build = () => countingQuery('select $1', counts);
    expect(await statements.get(db, 'a', build).execute({ x: 1 })).toEqual([{ text: 'select $1', values: { x: 1 } }]);
    expect(await statements.get(db, 'a', build).execute({ x: 2 })).toEqual([{ text: 'select $1', values: { x: 2 } }]);
    expect(counts).toEqual({ built: 1, prepared: [statementName('select $1')] });
    // Another database handle (another app, another test) has shapes of its own.
    statements.get({} as DbOrTx, 'a', build);
    expect(counts.built).toBe(2);
    expect(statements.size(db)).toBe(1);
  });

  it('keeps at most its limit of shapes per handle, the oldest built again when asked for', () => {
    const statements = new ShapedStatements(2);
    const db = {} as DbOrTx;
    const counts = { built: 0, prepared: [] as string[] };
    for (const key of ['a', 'b', 'c']) statements.get(db, key, () => countingQuery(key, counts));
    expect(statements.size(db)).toBe(2);
    statements.get(db, 'c', () => countingQuery('c', counts));
    expect(counts.built).toBe(3);
    statements.get(db, 'a', () => countingQuery('a', counts));
    expect(counts.built).toBe(4);
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('generic plans on PostgreSQL', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1 });
  });
  afterAll(() => database?.close());

  const planMode = async (db: DbOrTx) =>
    (
      (await db.execute(sql`select current_setting('plan_cache_mode') as mode`)) as unknown as {
        rows: { mode: string }[];
      }
    ).rows[0]!.mode;

  it('runs shapes on a pool of its own whose sessions keep one plan per statement; the main pool plans as usual', async () => {
    expect(await planMode(database.genericPlans)).toBe('force_generic_plan');
    expect(await planMode(database.db)).toBe('auto');
    const statements = new ShapedStatements<{ n: number }>();
    const db = database.genericPlans;
    const marker = `shape-${Date.now()}`;
    const build = () =>
      db
        .select({ n: sql<number>`${sql.placeholder('n')}::int + 1`.mapWith(Number) })
        .from(sql`(select ${sql.raw(`'${marker}'`)}::text) as marked`);
    for (const n of [1, 2, 3])
      expect(await statements.get(db, 'plus-one', build).execute({ n })).toEqual([{ n: n + 1 }]);
    const prepared = (await db.execute(
      sql`select generic_plans, custom_plans from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`,
    )) as unknown as { rows: { generic_plans: string; custom_plans: string }[] };
    expect(prepared.rows.map((r) => [Number(r.generic_plans), Number(r.custom_plans)])).toEqual([[3, 0]]);
  });

  it('runs shapes on the one pool when prepared statements are off (a pooler in front)', async () => {
    const plain = await openDatabase({ kind: 'postgres', url: url!, poolSize: 1, preparedStatements: false });
    try {
      expect(plain.genericPlans).toBe(plain.db);
    } finally {
      await plain.close();
    }
  });
});
