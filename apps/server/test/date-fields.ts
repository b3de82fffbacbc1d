import { yearInRange } from '@cuspid/contracts';
import type { ZodType } from 'zod';
import type { RouteEntry } from '../src/plugins/route-table';

type Check = { _zod: { def: { check?: string; fn?: unknown } } };
type Def = { type: string; format?: string; checks?: Check[]; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Takes the project's date rule (packages/contracts `yearInRange`: years 1900 to 2999), refined further or not. */
const takesDateRule = (def: Def) => def.checks?.some((check) => check._zod.def.fn === yearInRange) ?? false;

/** date, datetime or either: the ISO format a date schema parses to. */
function formatOf(def: Def): DateField['kind'] {
  const out = def.type === 'pipe' ? defOf(def.out) : def;
  return out.format === 'date' ? 'date' : out.format === 'datetime' ? 'datetime' : 'either';
}

export type DateField = {
  part: 'params' | 'querystring' | 'body';
  /** The field's path (`from`, `items.0.due_at`). */
  path: string;
  /** Takes the project's date rule (years 1900–2999); false: a date format with no year bounds. */
  ruled: boolean;
  kind: 'date' | 'datetime' | 'either';
};

/** Every date or date-time field of a route's input (path, query, body), at any depth. */
export function dateFieldsOf(route: RouteEntry): DateField[] {
  const found: DateField[] = [];
  for (const part of ['params', 'querystring', 'body'] as const) {
    const schema = route.schema[part];
    if (schema) walk(schema, '', (path, ruled, kind) => found.push({ part, path, ruled, kind }), new Set());
  }
  return found;
}

function walk(
  schema: ZodType,
  path: string,
  found: (path: string, ruled: boolean, kind: DateField['kind']) => void,
  seen: Set<unknown>,
): void {
  const def = defOf(schema);
  if (takesDateRule(def)) {
    found(path, true, formatOf(def));
    return;
  }
  const child = (inner: unknown, key = path) => walk(inner as ZodType, key, found, seen);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      child(def.innerType);
      return;
    case 'pipe':
      child(def.in);
      child(def.out);
      return;
    case 'lazy':
      // A recursive schema (a tree): each of its schemas once.
      if (seen.has(schema)) return;
      seen.add(schema);
      child((def.getter as () => ZodType)());
      return;
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, ZodType>))
        child(value, path ? `${path}.${key}` : key);
      return;
    case 'array':
      child(def.element, `${path}.0`);
      return;
    case 'record':
      child(def.valueType, `${path}.*`);
      return;
    case 'union':
      for (const option of def.options as ZodType[]) child(option);
      return;
    case 'intersection':
      child(def.left);
      child(def.right);
      return;
    case 'string':
      if (def.format === 'date') found(path, false, 'date');
      else if (def.format === 'datetime') found(path, false, 'datetime');
      return;
    default:
      return;
  }
}
