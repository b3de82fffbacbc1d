import { type SQL, sql } from 'drizzle-orm';

/**
 * SQL that writes JSON text by concatenation (ADR 0104), for answers PostgreSQL renders whole. It costs what
 * reading the columns does: `json_build_object` looks up every argument's type on every row, and took 20 µs per
 * row of 27 fields, as long as the rest of the case list's statement. Every value is a `JsonValue` made here, so
 * none is null where JSON wants `null`, and text goes through `to_json`, which escapes it.
 */
export type JsonValue = SQL & { readonly __json?: true };

const asJson = (value: SQL): JsonValue => value as JsonValue;

/** A SQL string literal of `text` (quotes doubled). */
const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/** Free text (names, reasons): escaped by `to_json`. */
export const jsonString = (value: unknown): JsonValue => asJson(sql`coalesce(to_json(${value})::text, 'null')`);

/**
 * A value whose text needs no escaping: a uuid, or a code its column's check constraint limits to letters,
 * digits and dashes (statuses, jaws, engines).
 */
export const jsonCode = (value: unknown): JsonValue => asJson(sql`coalesce('"' || ${value}::text || '"', 'null')`);

/** An integer. */
export const jsonNumber = (value: unknown): JsonValue => asJson(sql`coalesce(${value}::text, 'null')`);

/** An array of numbers. */
export const jsonNumbers = (value: unknown): JsonValue => asJson(sql`coalesce(array_to_json(${value})::text, 'null')`);

/** A timestamp as a JavaScript Date's `toISOString` writes it: UTC, milliseconds (dropped, not rounded), `Z`. */
export const jsonTimestamp = (value: unknown): JsonValue =>
  asJson(sql`coalesce('"' || to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`);

/** An object of these fields, in this order. */
export function jsonObject(fields: Record<string, JsonValue>): JsonValue {
  const parts = Object.entries(fields).map(([key, value], i) => {
    const name = literal(`${i === 0 ? '{' : ','}${JSON.stringify(key)}:`);
    return sql`${name} || ${value}`;
  });
  return asJson(sql`(${sql.join(parts, sql` || `)} || '}')`);
}

/** An array of `item` over the rows a query aggregates, in `orderBy`'s order; `[]` without rows. */
export const jsonArrayAgg = (item: JsonValue, orderBy: SQL): JsonValue =>
  asJson(sql`coalesce('[' || string_agg(${item}, ',' order by ${orderBy}) || ']', '[]')`);

/** A scalar subquery's JSON, or `fallback` (`null`, `[]`) when it yields no row. */
export const jsonOr = (subquery: SQL, fallback: 'null' | '[]'): JsonValue =>
  asJson(sql`coalesce((${subquery}), ${literal(fallback)})`);
