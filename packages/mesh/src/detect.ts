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

/**
 * The first keyword of the first line that is not blank and not a comment, or '' for none (comments only, all
 * `fileSize` bytes of them), or null when the first 64 KB do not tell.
 */
function firstObjKeyword(bytes: Uint8Array, fileSize: number, limit = 65536): string | null {
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
  return i >= fileSize ? '' : null;
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
 * `fileSize` is the whole file's size when `bytes` are only its start (a check that reads the first megabytes).
 *
 * Rules: a binary STL is exactly 84 + 50·n bytes for the n triangles its header declares (even when its header
 * starts with "solid", as many exporters write); an ASCII STL is text starting with `solid` and containing
 * `facet` or `endsolid`; a PLY starts with the line `ply`; an OBJ is text whose first statement is an OBJ keyword.
 */
export function detectFormat(bytes: Uint8Array, fileName?: string, fileSize = bytes.length): MeshFormat | null {
  if (bytes.length === 0) return null;
  const extension = extensionOf(fileName);
  if (hasMagic(bytes, STRONG_MAGIC)) return null;
  const declared = binaryStlTriangleCount(bytes);
  if (declared >= 0 && fileSize === binaryStlSize(declared)) return 'stl-binary';
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
    const keyword = firstObjKeyword(bytes, fileSize);
    if (keyword !== null && OBJ_KEYWORDS.has(keyword)) return 'obj';
    if (keyword === '' && extension === 'obj') return 'obj';
  }
  // A binary STL whose size does not match its count: cut short, with trailing bytes, or with a count of 0 (some
  // streaming exporters never fill it in) over whole records. Only on the name's word.
  if (extension === 'stl' && !text) {
    if (declared > 0) return 'stl-binary';
    if (declared === 0 && fileSize > 84 && (fileSize - 84) % 50 === 0) return 'stl-binary';
  }
  return null;
}

/** The first bytes of a ZIP archive's local file header. */
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/** Names of the ZIP entries whose local headers lie in `bytes` (names are stored uncompressed). */
function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  for (let at = 0; at + 30 <= bytes.length; at++) {
    if (bytes[at] !== 0x50 || !ZIP_LOCAL_HEADER.every((b, k) => bytes[at + k] === b)) continue;
    const nameLength = bytes[at + 26]! | (bytes[at + 27]! << 8);
    const extraLength = bytes[at + 28]! | (bytes[at + 29]! << 8);
    if (at + 30 + nameLength > bytes.length) break;
    let name = '';
    for (let k = 0; k < nameLength; k++) name += String.fromCharCode(bytes[at + 30 + k]!);
    names.push(name);
    at += 29 + nameLength + extraLength;
  }
  return names;
}

/** Offset after an XML prolog: declaration (`<?xml …?>`), comments and whitespace; -1 when one is not closed. */
function skipXmlProlog(bytes: Uint8Array, limit = 4096): number {
  let i = skipLeadingSpace(bytes);
  const end = Math.min(bytes.length, limit);
  for (;;) {
    const close = asciiWordAt(bytes, i, '<?') ? '?>' : asciiWordAt(bytes, i, '<!--') ? '-->' : null;
    if (!close) return i;
    const closed = indexOfAscii(bytes, close, i + 2, end);
    if (closed < 0) return -1;
    i = closed + close.length;
    while (i < end && (bytes[i] === 32 || (bytes[i]! >= 9 && bytes[i]! <= 13))) i++;
  }
}

/** DICOM (X-ray and CBCT images, often named `.dcm` too): a 128-byte preamble, then `DICM`. */
const isDicom = (bytes: Uint8Array) => asciiWordAt(bytes, 128, 'dicm');

/**
 * Whether the file is a 3Shape DCM: the dental scanners' own format, an HPS ("HIMSA packed scan") XML document
 * whose mesh is packed and, in current exports, encrypted, so that it cannot be read without 3Shape's software.
 * Decided by the bytes: an XML document whose root element is `<HPS …>`, or a ZIP archive holding an `.hps` or
 * `.dcm` entry (some exports wrap the XML in one); or by the name (`.dcm`), unless the bytes are DICOM.
 */
export function isDcmFile(bytes: Uint8Array, fileName?: string): boolean {
  if (isDicom(bytes)) return false;
  if (extensionOf(fileName) === 'dcm') return true;
  const root = skipXmlProlog(bytes);
  if (root >= 0 && asciiWordAt(bytes, root, '<hps')) {
    const after = bytes[root + 4];
    if (
      after === undefined ||
      after === 62 /* > */ ||
      after === 47 /* / */ ||
      after === 32 ||
      (after >= 9 && after <= 13)
    ) {
      return true;
    }
  }
  if (startsWithBytes(bytes, ZIP_LOCAL_HEADER)) {
    return zipEntryNames(bytes).some((name) => /\.(hps|dcm)$/i.test(name));
  }
  return false;
}
