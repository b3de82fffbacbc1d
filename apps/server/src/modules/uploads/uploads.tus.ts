import path from 'node:path';
import { formatUploadLimit, hasExtension, SCAN_MESH_EXTENSIONS, TUS_METADATA } from '@cuspid/contracts/uploads';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';

/**
 * The tus 1.0 headers of the upload routes (ADR 0100), each checked before anything is written: a request is
 * refused here, in the error shape and with the status the protocol names, or it carries nothing tus itself
 * would refuse.
 */

/** The one protocol version spoken. */
export const TUS_VERSION = '1.0.0';

type Headers = FastifyRequest['headers'];

const CONTENT_TYPES: Record<string, string> = {
  '.stl': 'model/stl',
  '.obj': 'model/obj',
  '.ply': 'application/octet-stream',
};

/** A header's value as sent (Node joins a repeated tus header with ', ', which no check below lets through). */
function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** A whole number of bytes as tus writes it: digits only (no sign, exponent or spaces). */
const wholeBytes = (value: string | undefined) =>
  value !== undefined && /^\d{1,16}$/.test(value) ? Number(value) : null;

/** Bytes the request says its body has (Node has checked the header's form). */
export const declaredLength = (headers: Headers) => Number(header(headers, 'content-length') ?? 0);

/** A body of bytes for the upload (tus's content type of PATCH and of a creation that carries data). */
const isOctetStream = (headers: Headers) =>
  header(headers, 'content-type')?.split(';')[0]?.trim() === 'application/offset+octet-stream';

export function tooLarge(limit: number) {
  return new AppError('UPLOAD_TOO_LARGE', { params: { limit: formatUploadLimit(limit) } });
}

/**
 * Every tus request but OPTIONS names the protocol version: another one, or none, is refused before anything
 * else is looked at, naming the version spoken (tus 1.0: 412 with Tus-Version).
 */
export function checkTusVersion(headers: Headers) {
  if (header(headers, 'tus-resumable') !== TUS_VERSION) {
    throw new AppError('UPLOAD_TUS_VERSION_UNSUPPORTED', {
      params: { version: TUS_VERSION },
      headers: { 'tus-version': TUS_VERSION },
    });
  }
}

/**
 * tus's checksum extension is not offered: the browser's sha256 of the whole file is checked once it is stored.
 * A request asking for a checksum of its bytes is refused rather than taken unchecked (tus 1.0: 400 for an
 * algorithm the server does not support).
 */
function refuseChecksum(headers: Headers) {
  if (headers['upload-checksum'] !== undefined) {
    throw new AppError('BAD_REQUEST', {
      message: 'Upload-Checksum is not supported: the file is checked by its sha256 once it is complete',
    });
  }
}

const METADATA_KEY = /^[\x21-\x2b\x2d-\x7e]+$/;
const BASE64 = /^(?:[A-Za-z\d+/]{4})*(?:[A-Za-z\d+/]{2}==|[A-Za-z\d+/]{3}=)?$/;

/**
 * The tus `Upload-Metadata` header: comma-separated pairs of a key (ASCII, no space or comma, each key once) and
 * its value in base64, or a key alone. Anything else is refused, as tus would refuse it.
 */
export function parseTusMetadata(value: string): Record<string, string> {
  const pairs = new Map<string, string>();
  for (const pair of value.split(',')) {
    const [key = '', encoded, ...rest] = pair.split(' ');
    if (
      !METADATA_KEY.test(key) ||
      pairs.has(key) ||
      rest.length > 0 ||
      (encoded !== undefined && !BASE64.test(encoded))
    ) {
      throw new AppError('BAD_REQUEST', {
        message: 'Upload-Metadata must be comma-separated pairs of a key and a base64 value, each key once',
      });
    }
    pairs.set(key, encoded === undefined ? '' : Buffer.from(encoded, 'base64').toString('utf8'));
  }
  return Object.fromEntries(pairs);
}

/** The announced size: required (no deferred length), a whole number of bytes, not empty, within the limit. */
function checkLength(headers: Headers, maxBytes: number): number {
  // The size must be known from the start (the limit, the staging file): a deferred length is not offered.
  if (headers['upload-defer-length'] !== undefined) throw new AppError('UPLOAD_LENGTH_REQUIRED');
  const value = header(headers, 'upload-length');
  if (value === undefined) throw new AppError('UPLOAD_LENGTH_REQUIRED');
  const size = wholeBytes(value);
  if (size === null) throw new AppError('BAD_REQUEST', { message: 'Upload-Length must be a whole number of bytes' });
  if (size > maxBytes) throw tooLarge(maxBytes);
  if (size === 0) throw new AppError('BAD_REQUEST', { message: 'The file is empty' });
  return size;
}

/** The file the metadata names: a scan, by its extension. */
function checkFile(metadata: string | undefined) {
  const values = metadata === undefined ? {} : parseTusMetadata(metadata);
  const fileName = (values[TUS_METADATA.fileName] ?? '').trim();
  if (!fileName) {
    throw new AppError('BAD_REQUEST', { message: 'The upload must name its file (Upload-Metadata filename)' });
  }
  if (fileName.length > 255) throw new AppError('BAD_REQUEST', { message: 'The file name is too long' });
  // 3Shape's own export: the practice needs to know what to export instead, not only that it is no scan file. The
  // name alone cannot tell it from a DICOM image (also .dcm); the uploader looks at the bytes before it gets here.
  if (hasExtension(fileName, ['.dcm'])) throw new AppError('UPLOAD_SCAN_DCM');
  if (!hasExtension(fileName, SCAN_MESH_EXTENSIONS)) {
    throw new AppError('BAD_REQUEST', { message: 'Only scan files can be uploaded: .stl, .ply or .obj' });
  }
  const extension = path.extname(fileName).toLowerCase();
  return { fileName, contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream' };
}

export type Creation = {
  size: number;
  fileName: string;
  contentType: string;
  /** The Upload-Metadata header as sent (checked), handed on to tus. */
  metadata: string;
  /** The request carries the first bytes (tus's creation-with-upload). */
  withData: boolean;
};

/**
 * What a creation (POST) announces: the protocol version, no extension that is not offered (concatenation,
 * deferred length, checksums), the length within the limit, the metadata and its scan file name, and for a
 * creation that carries data, no more bytes than the length.
 */
export function checkCreation(headers: Headers, maxBytes: number): Creation {
  checkTusVersion(headers);
  if (headers['upload-concat'] !== undefined) {
    throw new AppError('UPLOAD_EXTENSION_UNSUPPORTED', { params: { extension: 'concatenation' } });
  }
  refuseChecksum(headers);
  const size = checkLength(headers, maxBytes);
  const metadata = header(headers, 'upload-metadata');
  const file = checkFile(metadata);
  const withData = isOctetStream(headers);
  if (withData && declaredLength(headers) > size) throw new AppError('UPLOAD_BEYOND_LENGTH', { params: { size } });
  return { size, ...file, metadata: metadata ?? '', withData };
}

/**
 * A PATCH's headers: the protocol version, the content type, the offset it continues at, and nothing a PATCH
 * here may not carry (a length: none is deferred; a checksum). Answers the offset and the bytes announced.
 */
export function checkPatch(headers: Headers, maxBytes: number): { offset: number; declared: number } {
  checkTusVersion(headers);
  if (!isOctetStream(headers)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: 'A tus PATCH sends its bytes as content-type application/offset+octet-stream',
    });
  }
  const offset = wholeBytes(header(headers, 'upload-offset'));
  if (offset === null) throw new AppError('BAD_REQUEST', { message: 'Upload-Offset must be a whole number of bytes' });
  if (headers['upload-length'] !== undefined) {
    throw new AppError('BAD_REQUEST', {
      message: 'Upload-Length is announced when the upload starts, not with its bytes',
    });
  }
  refuseChecksum(headers);
  const declared = declaredLength(headers);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  return { offset, declared };
}
