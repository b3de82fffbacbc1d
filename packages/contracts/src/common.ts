import { z } from 'zod';
import { textSchema } from './validation';

export const idSchema = z.uuid();
export const idParamsSchema = z.object({ id: idSchema });

/** Paging of the authentication service: `limit_start` (offset) and `limit_count`. */
export const authListQuerySchema = z.object({
  limit_start: z.coerce.number().int().min(0).default(0),
  limit_count: z.coerce.number().int().min(1).max(1500).default(25),
  search: textSchema(200).optional(),
  sort_by: textSchema(64, { trim: false }).optional(),
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
});
export type AuthListQuery = z.infer<typeof authListQuerySchema>;

/**
 * How far lists count (ADR 0085). A list's `count` / `total` is exact up to its cap; a list with more rows
 * answers the cap + 1, which means "more than the cap" (the web shows "more than 10,000"). Without a search
 * term (filters included) the cap is LIST_COUNT_CAP. With one it moves along with the page: SEARCH_COUNT_CAP
 * rows past the page's first row, so a search counts little on its first page and its pager always reaches
 * one page further. Rows beyond the cap can still be paged to.
 */
export const LIST_COUNT_CAP = 10_000;
export const SEARCH_COUNT_CAP = 100;
/** The cap that applies to a list request, from its search term and the rows it skips. */
export const countCapOf = (search: string | undefined | null, offset = 0): number =>
  search?.trim() ? offset + SEARCH_COUNT_CAP : LIST_COUNT_CAP;
/** The count of a list answer passed its cap: the list holds more rows than the count says. */
export const isCountCapped = (count: number, search: string | undefined | null, offset = 0): boolean =>
  count > countCapOf(search, offset);

/** List answer of the authentication service. */
export const countedListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), count: z.number().int() });
/** List answer of the main backend. */
export const totalListSchema = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), total: z.number().int() });

/** Error answer: spec section 8. */
export const errorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** The values an area code's message names (e.g. `{ permissions: 'list-users' }`), for the web's translation. */
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  requestId: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The error answers every signed-in call can give (response schemas of the OpenAPI document). */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  419: errorResponseSchema,
} as const;

/** The error answers a route documents, by status: `errorResponsesFor(400, 401, 403, 419)`. */
export function errorResponsesFor<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as {
    [K in S[number]]: typeof errorResponseSchema;
  };
}

export const messageResponseSchema = z.object({ message: z.string() });

export const healthSchema = z.object({ status: z.literal('ok'), service: z.string() });

/** Paging of the main backend: `page` (from 1) and `per_page`, with search and sort. */
export const backendListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  search: textSchema(200).optional(),
  sort_by: textSchema(64, { trim: false }).optional(),
  sort_dir: z.enum(['asc', 'desc']).default('asc'),
});
export type BackendListQuery = z.infer<typeof backendListQuerySchema>;
