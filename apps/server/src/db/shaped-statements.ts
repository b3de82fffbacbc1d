import type { DbOrTx } from './client';
import { statementName } from './named-statements';

/** A statement prepared from a query with `sql.placeholder`s: run with the placeholders' values. */
export type ShapedStatement<Row> = { execute(values: Record<string, unknown>): Promise<Row[]> };

/** A query built with placeholders for its values, ready to be prepared (Drizzle's `.prepare(name)`). */
type Preparable<Row> = { toSQL(): { sql: string }; prepare(name: string): ShapedStatement<Row> };

/**
 * Statements built once per shape (ADR 0104). A list whose SQL depends only on which filters are present, the
 * order and the caller's kind, not on their values, is built by Drizzle the first time a shape is asked for, with
 * placeholders for every value, and prepared; later requests of that shape only bind their values. Building the
 * statement (Drizzle's SQL chunks, entity checks, rendering) was a quarter of the server's time per case list.
 * Kept per database handle (each app and each test has its own) and bounded: past `maxShapes`, the oldest shape
 * is built again when next asked for.
 */
export class ShapedStatements<Row> {
  private readonly byDb = new WeakMap<object, Map<string, ShapedStatement<Row>>>();

  constructor(private readonly maxShapes = 500) {}

  /** The prepared statement of `key`, built by `build` the first time (`key` must name everything `build` reads). */
  get(db: DbOrTx, key: string, build: () => Preparable<Row>): ShapedStatement<Row> {
    let shapes = this.byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      this.byDb.set(db, shapes);
    }
    const known = shapes.get(key);
    if (known) return known;
    const query = build();
    // Named after its text, like every other statement with parameters (ADR 0103).
    const statement = query.prepare(statementName(query.toSQL().sql));
    if (shapes.size >= this.maxShapes) shapes.delete(shapes.keys().next().value!);
    shapes.set(key, statement);
    return statement;
  }

  /** Shapes kept for `db` (for tests). */
  size(db: DbOrTx): number {
    return this.byDb.get(db)?.size ?? 0;
  }
}
