import type { BulkItemResult } from '@cuspid/contracts';
import { ApiError } from './api-error';
import { i18n } from './i18n';
import { errorMessage } from './notify';

/**
 * Why a bulk call refused one record: its code translated like any error, else the server's English message. A
 * bulk answer carries no `params`, so a translation that needs some gives way to the server's message.
 */
export function bulkRefusalMessage(result: BulkItemResult): string {
  const text = result.code ? i18n.getResource(i18n.language, 'errors', result.code) : undefined;
  if (result.message && (typeof text !== 'string' || text.includes('{{'))) return result.message;
  return errorMessage(new ApiError(400, { code: result.code ?? 'BAD_REQUEST', message: result.message ?? '' }));
}
