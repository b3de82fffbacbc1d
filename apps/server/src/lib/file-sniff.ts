import { Readable } from 'node:stream';
import { type AllowedFileType, DOCX_CONTENT_TYPE } from '@cuspid/contracts';

/** How much of a file is read to decide its type: enough for the entry names at the start of an Office file. */
export const SNIFF_BYTES = 64 * 1024;

const startsWith = (head: Buffer, bytes: number[] | string, offset = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= offset + expected.length && head.subarray(offset, offset + expected.length).equals(expected);
};

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Names of the ZIP entries whose local headers lie in `head` (names are stored uncompressed). */
export function zipEntryNames(head: Buffer): string[] {
  const names: string[] = [];
  let at = head.indexOf(ZIP_LOCAL_HEADER);
  while (at !== -1 && at + 30 <= head.length) {
    const nameLength = head.readUInt16LE(at + 26);
    if (at + 30 + nameLength <= head.length) names.push(head.toString('utf8', at + 30, at + 30 + nameLength));
    at = head.indexOf(ZIP_LOCAL_HEADER, at + 4);
  }
  return names;
}

/**
 * The type of a file from its first bytes (magic numbers), or null when it is none of the allowed
 * types. Office files are ZIP archives: a DOCX has entries under `word/`, an XLSX under `xl/`.
 */
export function detectFileType(head: Buffer): AllowedFileType | null {
  if (startsWith(head, '%PDF-')) return 'application/pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return 'image/gif';
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return 'image/webp';
  if (startsWith(head, ZIP_LOCAL_HEADER.toJSON().data)) {
    const names = zipEntryNames(head);
    if (names.some((n) => n.startsWith('word/'))) return DOCX_CONTENT_TYPE;
    if (names.some((n) => n.startsWith('xl/')))
      return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  }
  return null;
}

/**
 * Reads the first `bytes` of a stream (or all of it, when shorter) without losing anything: the answer
 * holds the head and a stream of the whole content (head first, then the rest as it arrives), so only
 * the head is ever in memory. An error of the source (a size limit) surfaces in whichever is reading.
 */
export async function peekStream(
  source: Readable,
  bytes = SNIFF_BYTES,
): Promise<{ head: Buffer; body: Readable; discard: () => Promise<void> }> {
  const iterator: AsyncIterator<Buffer> = source[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  const body = Readable.from(
    (async function* () {
      if (head.length) yield head;
      if (done) return;
      while (true) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    })(),
  );
  const discard = async () => {
    body.destroy();
    if (!done) await iterator.return?.();
  };
  return { head, body, discard };
}
