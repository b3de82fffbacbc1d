import { randomUUID } from 'node:crypto';
import { TICKET_LIMITS } from '@cuspid/contracts/tickets';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { detectFileType, peekStream } from '../../lib/file-sniff';
import { parseFormFields } from '../../lib/multipart-form';

/** A file of a ticket message, already in storage (its row is written by the service). */
export type StoredTicketFile = { key: string; fileName: string; contentType: string; size: number };

/** The multipart limits of the two calls that take files (POST /ticket, POST /ticket/comments). */
export const TICKET_MULTIPART_LIMITS = {
  fileSize: TICKET_LIMITS.maxFileBytes,
  files: TICKET_LIMITS.maxFiles,
  fields: 20,
  fieldSize: TICKET_LIMITS.bodyMax * 4,
} as const;

/** A name safe to store and to send back in Content-Disposition: no folders, no control characters. */
export function cleanTicketFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(-TICKET_LIMITS.fileNameMax);
}

/** Removes stored files whose message was not written; a failure is logged, the refusal stands. */
export async function discardTicketFiles(deps: Deps, files: readonly { key: string }[]): Promise<void> {
  for (const file of files) {
    try {
      await deps.storage.delete(file.key);
    } catch (err) {
      deps.logger.warn({ err, key: file.key }, 'ticket attachment could not be removed from storage');
    }
  }
}

/**
 * A ticket message's form: multipart/form-data (text fields and up to TICKET_LIMITS.maxFiles files named
 * `attachments`, each streamed to storage as it arrives, its type from its first bytes), or a JSON body without
 * files. The fields are parsed by `fields` (400 per field); a file over the size limit is 413. Whatever went
 * wrong, no stored file stays behind.
 */
export async function receiveTicketForm<S extends z.ZodType>(
  deps: Deps,
  request: FastifyRequest,
  fields: S,
): Promise<{ fields: z.output<S>; files: StoredTicketFile[] }> {
  if (!request.isMultipart()) return { fields: parseFormFields(fields, request.body ?? {}), files: [] };
  const raw: Record<string, string> = {};
  const files: StoredTicketFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') {
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
        continue;
      }
      // Past the size limit busboy only truncates the part; fail the stream so storage drops what it had.
      part.file.once('limit', () => part.file.destroy(new AppError('PAYLOAD_TOO_LARGE')));
      const { head, body } = await peekStream(part.file);
      if (head.length === 0) continue; // an empty file input sends a part without content
      const key = `tickets/${randomUUID()}`;
      const contentType = detectFileType(head) ?? 'application/octet-stream';
      const stored = await deps.storage.put(key, body, { contentType });
      files.push({ key, fileName: cleanTicketFileName(part.filename), contentType, size: stored.size });
      if (part.file.truncated) throw new AppError('PAYLOAD_TOO_LARGE');
    }
    return { fields: parseFormFields(fields, raw), files };
  } catch (err) {
    await discardTicketFiles(deps, files);
    throw err;
  }
}
