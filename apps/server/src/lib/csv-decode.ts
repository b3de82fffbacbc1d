import { isUtf8 } from 'node:buffer';

/**
 * Reading the bytes of an uploaded CSV file as text (ADR 0060). Spreadsheet programs write UTF-8 (with or
 * without a byte order mark), UTF-16 with a byte order mark ("Unicode text") or, in German and French
 * Windows, Windows-1252. The encoding is recognised, the text decoded, and bytes that the encoding cannot
 * hold refused with their line, instead of being stored as replacement characters.
 */

export type CsvEncoding = 'UTF-8' | 'UTF-8 with BOM' | 'UTF-16LE' | 'UTF-16BE' | 'Windows-1252';

export type DecodedCsv = { text: string; encoding: CsvEncoding };

/** The file cannot be read as text; `line` is the physical line (1-based) of the first bad byte. */
export class CsvDecodeError extends Error {
  constructor(
    readonly line: number,
    readonly reason: 'undecodable' | 'nul',
    readonly encoding: CsvEncoding,
  ) {
    super(`${reason} at line ${line}`);
    this.name = 'CsvDecodeError';
  }
}

/**
 * Windows-1252 from 0x80 to 0x9F (above, it equals Latin-1). Written out because Node's
 * TextDecoder('windows-1252') decodes these bytes as Latin-1 control characters (0x80 as U+0080, not €).
 */
const WINDOWS_1252_HIGH = '€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ';
/** The five bytes Windows-1252 leaves undefined. */
const UNDEFINED_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const CHUNK = 8192;
  for (let start = 0; start < bytes.length; start += CHUNK) {
    const codes = Array.from(bytes.subarray(start, start + CHUNK), (b) =>
      b >= 0x80 && b <= 0x9f ? WINDOWS_1252_HIGH.charCodeAt(b - 0x80) : b,
    );
    parts.push(String.fromCharCode(...codes));
  }
  return parts.join('');
}

/** Lines counted as the CSV parser counts them: CRLF, LF or a lone CR end a line. */
function lineAt(units: ArrayLike<number>, end: number, lf = 0x0a, cr = 0x0d): number {
  let line = 1;
  for (let i = 0; i < end; i++) {
    const u = units[i]!;
    if (u === lf || (u === cr && units[i + 1] !== lf)) line++;
  }
  return line;
}

/** Index of the first byte that does not start a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const x = b[i]!;
    if (x < 0x80) {
      i++;
      continue;
    }
    const n = x >= 0xc2 && x <= 0xdf ? 1 : x >= 0xe0 && x <= 0xef ? 2 : x >= 0xf0 && x <= 0xf4 ? 3 : 0;
    if (!n || i + n >= b.length) return i;
    // The second byte's range excludes overlong forms, surrogates and code points above U+10FFFF.
    const low = x === 0xe0 ? 0xa0 : x === 0xf0 ? 0x90 : 0x80;
    const high = x === 0xed ? 0x9f : x === 0xf4 ? 0x8f : 0xbf;
    if (b[i + 1]! < low || b[i + 1]! > high) return i;
    for (let k = 2; k <= n; k++) if ((b[i + k]! & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return -1;
}

/** Index (in code units) of the first unpaired surrogate, or -1. */
function firstUnpairedSurrogate(units: Uint16Array): number {
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    if (u >= 0xd800 && u <= 0xdbff) {
      const next = units[i + 1];
      if (next === undefined || next < 0xdc00 || next > 0xdfff) return i;
      i++;
    } else if (u >= 0xdc00 && u <= 0xdfff) return i;
  }
  return -1;
}

function decodeUtf16(bytes: Uint8Array, encoding: 'UTF-16LE' | 'UTF-16BE'): string {
  const body = bytes.subarray(2);
  const units = new Uint16Array(Math.ceil(body.length / 2));
  for (let i = 0; i < units.length; i++) {
    const a = body[2 * i]!;
    const b = body[2 * i + 1];
    // An odd last byte is half a character.
    if (b === undefined) throw new CsvDecodeError(lineAt(units, i), 'undecodable', encoding);
    units[i] = encoding === 'UTF-16LE' ? a | (b << 8) : (a << 8) | b;
  }
  const bad = firstUnpairedSurrogate(units);
  if (bad !== -1) throw new CsvDecodeError(lineAt(units, bad), 'undecodable', encoding);
  return new TextDecoder(encoding === 'UTF-16LE' ? 'utf-16le' : 'utf-16be').decode(body);
}

function decodeBytes(bytes: Uint8Array): DecodedCsv {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: decodeUtf16(bytes, 'UTF-16LE'), encoding: 'UTF-16LE' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: decodeUtf16(bytes, 'UTF-16BE'), encoding: 'UTF-16BE' };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const body = bom ? bytes.subarray(3) : bytes;
  const bad = isUtf8(body) ? -1 : firstInvalidUtf8(body);
  if (bad === -1) {
    return {
      text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(body),
      encoding: bom ? 'UTF-8 with BOM' : 'UTF-8',
    };
  }
  // A byte order mark, or well-formed UTF-8 characters before the bad byte, say the file is UTF-8 that is
  // broken there: read as Windows-1252, it would turn into wrong letters.
  if (bom || body.subarray(0, bad).some((b) => b >= 0x80)) {
    throw new CsvDecodeError(lineAt(body, bad), 'undecodable', bom ? 'UTF-8 with BOM' : 'UTF-8');
  }
  const undefinedByte = body.findIndex((b) => UNDEFINED_1252.has(b));
  if (undefinedByte !== -1) throw new CsvDecodeError(lineAt(body, undefinedByte), 'undecodable', 'Windows-1252');
  return { text: decodeWindows1252(body), encoding: 'Windows-1252' };
}

/**
 * Decodes a CSV file's bytes: UTF-16 by its byte order mark, else UTF-8 (a BOM is taken off) when the
 * bytes are well-formed UTF-8, else Windows-1252. Throws {@link CsvDecodeError} for bytes the encoding
 * does not define and for a NUL character (no CSV holds one; a UTF-16 file without a byte order mark
 * is full of them).
 */
export function decodeCsv(bytes: Uint8Array): DecodedCsv {
  const decoded = decodeBytes(bytes);
  const nul = decoded.text.indexOf('\0');
  if (nul !== -1) {
    const line = (decoded.text.slice(0, nul).match(/\r\n|\r|\n/g)?.length ?? 0) + 1;
    throw new CsvDecodeError(line, 'nul', decoded.encoding);
  }
  return decoded;
}
