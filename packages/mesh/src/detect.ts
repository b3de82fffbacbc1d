import type { MeshFormat } from './types';

const STL_HEADER = 80;
const STL_RECORD = 50;

/**
 * Magic numbers of files people upload by mistake (images, documents, archives): never a mesh. The long ones win
 * even over the binary STL size rule; the two-byte ones could be the start of an STL header, so they only stop
 * the guesses made from the file name.
 */
const STRONG_MAGIC: readonly (readonly number[])[] = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x25, 0x50, 0x44, 0x46, 0x2d], // PDF
  [0x50, 0x4b, 0x03, 0x04], // ZIP (also 3MF, DOCX)
  [0x49, 0x49, 0x2a, 0x00], // TIFF
  [0x4d, 0x4d, 0x00, 0x2a], // TIFF
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // RAR
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP, AVI, WAV)
];
const WEAK_MAGIC: readonly (readonly number[])[] = [
  [0x1f, 0x8b], // gzip
  [0x42, 0x4d], // BMP
];

function startsWithBytes(bytes: Uint8Array, magic: readonly number[]): boolean {
  if (bytes.length < magic.length) return false;
  for (let i = 0; i < magic.length; i++) if (bytes[i] !== magic[i]) return false;
  return true;
}

function hasMagic(bytes: Uint8Array, list: readonly (readonly number[])[]): boolean {
  return list.some((magic) => startsWithBytes(bytes, magic));
}

/** Number of triangles a binary STL declares (bytes 80–83, little-endian), or -1 when too short. */
export function binaryStlTriangleCount(bytes: Uint8Array): number {
  if (bytes.length < STL_HEADER + 4) return -1;
  return (bytes[80]! | (bytes[81]! << 8) | (bytes[82]! << 16) | (bytes[83]! << 24)) >>> 0;
}

/** Size a binary STL of `triangles` triangles has: 80-byte header, 4-byte count, 50 bytes per triangle. */
export function binaryStlSize(triangles: number): number {
  return STL_HEADER + 4 + STL_RECORD * triangles;
}

/**
 * True when the first `limit` bytes look like text: no control characters but tab, CR, LF, FF and VT, and no NUL
 * except as padding up to the end.
 */
function looksLikeText(bytes: Uint8Array, limit = 4096): boolean {
  const end = Math.min(bytes.length, limit);
  for (let i = 0; i < end; i++) {
    const c = bytes[i]!;
    if (c === 0) {
      for (let j = i; j < bytes.length && j < i + limit; j++) if (bytes[j] !== 0) return false;
      return true;
    }
    if (c < 9 || (c > 13 && c < 32) || c === 127) return false;
  }
  return true;
}

/** Offset after a UTF-8 byte-order mark and leading whitespace. */
function skipLeadingSpace(bytes: Uint8Array): number {
  let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 32 || (bytes[i]! >= 9 && bytes[i]! <= 13))) i++;
  return i;
}

function asciiWordAt(bytes: Uint8Array, offset: number, word: string): boolean {
  if (offset + word.length > bytes.length) return false;
  for (let i = 0; i < word.length; i++) {
    let c = bytes[offset + i]!;
    if (c >= 65 && c <= 90) c += 32; // lower case
    if (c !== word.charCodeAt(i)) return false;
  }
  return true;
}

function indexOfAscii(bytes: Uint8Array, word: string, from: number, to: number): number {
  const first = word.charCodeAt(0);
  const end = Math.min(to, bytes.length - word.length + 1);
  for (let i = from; i < end; i++) {
    if ((bytes[i]! | 32) === first && asciiWordAt(bytes, i, word)) return i;
  }
  return -1;
}

const OBJ_KEYWORDS = new Set([
  'v',
  'vt',
  'vn',
  'vp',
  'f',
  'fo',
  'l',
  'p',
  'o',
  'g',
  's',
  'mtllib',
  'usemtl',
  'cstype',
  'deg',
  'curv',
  'surf',
]);

/** The first keyword of the first line that is not blank and not a comment, or '' for none (comments only). */
function firstObjKeyword(bytes: Uint8Array, limit = 65536): string | null {
  const end = Math.min(bytes.length, limit);
  let i = skipLeadingSpace(bytes);
  while (i < end) {
    const c = bytes[i]!;
    if (c === 35 /* # */) {
      while (i < end && bytes[i] !== 10) i++;
    } else if (c === 10 || c === 13 || c === 32 || c === 9) {
      i++;
    } else {
      let word = '';
      while (i < end && word.length < 8) {
        const d = bytes[i]!;
        if (d === 32 || d === 9 || d === 10 || d === 13) break;
        word += String.fromCharCode(d);
        i++;
      }
      return word;
    }
  }
  return i >= bytes.length ? '' : null;
}

function extensionOf(fileName: string | undefined): string {
  if (!fileName) return '';
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * Which mesh format `bytes` hold, decided by content; the file name is only a hint for what content cannot tell
 * (a binary STL that is cut short or has bytes after its last triangle, an OBJ of comments only).
 * Null when the content is no mesh format this package reads (an image renamed `.stl` is null).
 *
 * Rules: a binary STL is exactly 84 + 50·n bytes for the n triangles its header declares (even when its header
 * starts with "solid", as many exporters write); an ASCII STL is text starting with `solid` and containing
 * `facet` or `endsolid`; a PLY starts with the line `ply`; an OBJ is text whose first statement is an OBJ keyword.
 */
export function detectFormat(bytes: Uint8Array, fileName?: string): MeshFormat | null {
  if (bytes.length === 0) return null;
  const extension = extensionOf(fileName);
  if (hasMagic(bytes, STRONG_MAGIC)) return null;
  const declared = binaryStlTriangleCount(bytes);
  if (declared >= 0 && bytes.length === binaryStlSize(declared)) return 'stl-binary';
  if (hasMagic(bytes, WEAK_MAGIC)) return null;

  const start = skipLeadingSpace(bytes);
  if (asciiWordAt(bytes, 0, 'ply') && (bytes[3] === 10 || bytes[3] === 13)) return 'ply';

  const text = looksLikeText(bytes);
  if (text && asciiWordAt(bytes, start, 'solid')) {
    const window = start + 65536;
    if (indexOfAscii(bytes, 'facet', start, window) >= 0 || indexOfAscii(bytes, 'endsolid', start, window) >= 0) {
      return 'stl-ascii';
    }
  }
  if (text) {
    const keyword = firstObjKeyword(bytes);
    if (keyword !== null && OBJ_KEYWORDS.has(keyword)) return 'obj';
    if (keyword === '' && extension === 'obj') return 'obj';
  }
  // A binary STL whose size does not match its count: cut short, with trailing bytes, or with a count of 0 (some
  // streaming exporters never fill it in) over whole records. Only on the name's word.
  if (extension === 'stl' && !text) {
    if (declared > 0) return 'stl-binary';
    if (declared === 0 && bytes.length > 84 && (bytes.length - 84) % 50 === 0) return 'stl-binary';
  }
  return null;
}
