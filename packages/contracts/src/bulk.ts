import { z } from 'zod';

/**
 * What a call that acts on many records answers for each (ADR 0038): the record's id, whether the action
 * was done, and for a refused record its error code and English message (the same code and message a call
 * on that record alone would answer). All-or-nothing calls answer `ok: true` for every id they changed.
 */
export const bulkItemResultSchema = z.object({
  id: z.string(),
  ok: z.boolean(),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>;

export const bulkResultSchema = z.object({ results: z.array(bulkItemResultSchema) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Every id done (the answer of an all-or-nothing bulk call that went through). */
export const allDone = (ids: readonly string[]): BulkResult => ({ results: ids.map((id) => ({ id, ok: true })) });
