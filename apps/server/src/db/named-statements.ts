import { createHash } from 'node:crypto';
import pg from 'pg';

/** Distinct statements one connection keeps prepared; later new texts run unnamed (planned every time). */
export const MAX_NAMED_STATEMENTS = 2000;

type QueryConfigLike = { text?: unknown; name?: unknown; values?: unknown };

/** The prepared statement's name for a text: stable across connections and processes, one per text. */
export function statementName(text: string): string {
  return `c_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * The names one connection has given out. `nameQuery` returns the query as node-postgres should send it: with a
 * name when it has parameters (a text of several commands has none, and keeps the simple protocol), and as it
 * came once `limit` different texts are named.
 */
export class StatementNames {
  private readonly known = new Set<string>();
  constructor(private readonly limit = MAX_NAMED_STATEMENTS) {}

  get size(): number {
    return this.known.size;
  }

  nameQuery(config: unknown, values?: unknown): unknown {
    if (typeof config === 'string') {
      if (!Array.isArray(values) || values.length === 0) return config;
      const name = this.nameFor(config);
      return name ? { text: config, name } : config;
    }
    if (!config || typeof config !== 'object') return config;
    const query = config as QueryConfigLike;
    if (typeof query.text !== 'string' || query.name) return config;
    const params = Array.isArray(values) ? values : query.values;
    if (!Array.isArray(params) || params.length === 0) return config;
    const name = this.nameFor(query.text);
    return name ? { ...query, name } : config;
  }

  private nameFor(text: string): string | undefined {
    const name = statementName(text);
    if (this.known.has(name)) return name;
    if (this.known.size >= this.limit) return undefined;
    this.known.add(name);
    return name;
  }
}

/**
 * A node-postgres client that sends every statement with parameters as a named prepared statement, named after a
 * hash of its text (ADR 0103). PostgreSQL then parses it once per connection and, after five executions, may keep
 * a generic plan instead of planning on every bind: on the case list, parse and plan were two thirds of the
 * database's time per request.
 */
export class NamedStatementClient extends pg.Client {
  private readonly names = new StatementNames();

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this forwards them all.
  override query(config: any, values?: any, callback?: any): any {
    return super.query(this.names.nameQuery(config, values) as string, values, callback);
  }
}
