import { binaryStlTriangleCount, detectFormat, isDcmFile } from './detect';
import { isMeshError, type MeshErrorCode } from './errors';
import { DEFAULT_MAX_TRIANGLES } from './internal';
import { parseMesh } from './parse';
import { plyMinimumBodyBytes, readPlyHeader } from './ply';
import type { MeshFormat } from './types';

/** What a scan check reads of a file's end when it does not read all of it (the last STL records, `endsolid`). */
export const SCAN_CHECK_TAIL_BYTES = 64 * 1024;

/**
 * The least a check reads of a file's start: a PLY header is at most 1 MB, and the format is decided from the
 * first 64 KB.
 */
export const SCAN_CHECK_MIN_HEAD_BYTES = 1024 * 1024;

export type ScanCheckInput = {
  /** The whole file's size in bytes. */
  size: number;
  /** The file's first bytes (at least SCAN_CHECK_MIN_HEAD_BYTES of them), or all of it. */
  head: Uint8Array;
  /** The file's last bytes (SCAN_CHECK_TAIL_BYTES), when `head` is not all of it. */
  tail?: Uint8Array;
  /** The uploaded file's name: its extension is a hint where content cannot tell (and `.dcm` is a DCM). */
  fileName?: string;
  /** `performance.now()` at which parsing stops: what was read by then decides (default: no limit). */
  deadline?: number;
  /** More triangles than this is refused (default 12,000,000, the parser's). */
  maxTriangles?: number;
};

/** Why a file is no scan that can be processed. */
export type ScanRefusal = 'DCM' | 'NOT_A_MESH' | 'CUT_SHORT' | 'NO_TRIANGLES' | 'MALFORMED' | 'TOO_MANY_TRIANGLES';

export type ScanCheck =
  | {
      ok: true;
      format: MeshFormat;
      /** Triangles read: all of them when `parsed` is 1, else those of the part that was parsed (0 out of time). */
      triangles: number;
      /** The part of the file that was parsed, 0…1: less than 1 when it is larger than `head`, or out of time. */
      parsed: number;
      /** The deadline stopped the parse. */
      outOfTime: boolean;
    }
  | { ok: false; reason: ScanRefusal; format: MeshFormat | null; message: string };

const DCM_MESSAGE = "DCM is 3Shape's encrypted format: export the scan as STL or PLY from your scanner software.";

const refuse = (reason: ScanRefusal, format: MeshFormat | null, message: string): ScanCheck => ({
  ok: false,
  reason,
  format,
  message,
});

const count = (n: number) => n.toLocaleString('en-US');

const REFUSAL_OF: Record<MeshErrorCode, ScanRefusal> = {
  EMPTY: 'NO_TRIANGLES',
  UNKNOWN_FORMAT: 'NOT_A_MESH',
  TRUNCATED: 'CUT_SHORT',
  MALFORMED: 'MALFORMED',
  TOO_LARGE: 'TOO_MANY_TRIANGLES',
};

/**
 * Binary STL: the count in its header against its size (84 + 50 bytes per triangle). More declared than the
 * bytes hold is a file cut short; trailing bytes after the last triangle are read past, as the parser does, and a
 * count of 0 over whole records is an exporter that never filled it in.
 */
function checkBinaryStl(input: ScanCheckInput, max: number): ScanCheck | null {
  const records = Math.max(0, Math.floor((input.size - 84) / 50));
  const declared = binaryStlTriangleCount(input.head);
  const triangles = declared === 0 && (input.size - 84) % 50 === 0 ? records : declared;
  if (triangles > records) {
    return refuse(
      'CUT_SHORT',
      'stl-binary',
      `The STL file is cut short: it declares ${count(triangles)} triangles but holds only ${count(records)}.`,
    );
  }
  if (triangles === 0) return refuse('NO_TRIANGLES', 'stl-binary', 'The STL file declares no triangles.');
  if (triangles > max) {
    return refuse('TOO_MANY_TRIANGLES', 'stl-binary', `The STL file has ${count(triangles)} triangles.`);
  }
  return null;
}

/** Offset after the last byte of `bytes` that is not whitespace or NUL padding. */
function contentEnd(bytes: Uint8Array): number {
  let end = bytes.length;
  while (
    end > 0 &&
    (bytes[end - 1] === 0 || bytes[end - 1] === 32 || (bytes[end - 1]! >= 9 && bytes[end - 1]! <= 13))
  ) {
    end--;
  }
  return end;
}

/**
 * ASCII STL: its last line is `endsolid …`. The parser reads a file cut between two triangles as a smaller
 * mesh, so the missing end is how such a cut shows.
 */
function checkAsciiStl(input: ScanCheckInput): ScanCheck | null {
  const end = input.tail ?? input.head.subarray(Math.max(0, input.head.length - SCAN_CHECK_TAIL_BYTES));
  const last =
    new TextDecoder()
      .decode(end.subarray(0, contentEnd(end)))
      .split(/\r\n|\r|\n/)
      .pop() ?? '';
  if (/^\s*endsolid\b/i.test(last)) return null;
  return refuse('CUT_SHORT', 'stl-ascii', 'The ASCII STL file is cut short: it does not end with "endsolid".');
}

/** PLY: the header (counts, types) and the fewest bytes its counts need; faces, for a surface. */
function checkPly(input: ScanCheckInput): ScanCheck | null {
  let header: ReturnType<typeof readPlyHeader>;
  try {
    header = readPlyHeader(input.head);
  } catch (error) {
    if (!isMeshError(error)) throw error;
    return refuse(REFUSAL_OF[error.code], 'ply', error.message);
  }
  const faces = header.elements.find((e) => e.name === 'face')?.count ?? 0;
  const vertices = header.elements.find((e) => e.name === 'vertex')?.count ?? 0;
  if (faces === 0) {
    return refuse('NO_TRIANGLES', 'ply', `The PLY file has ${count(vertices)} vertices but no faces (a point cloud).`);
  }
  const needed = plyMinimumBodyBytes(header);
  const body = input.size - header.bodyStart;
  if (needed > body) {
    return refuse(
      'CUT_SHORT',
      'ply',
      `The PLY file is cut short: its ${count(vertices)} vertices and ${count(faces)} faces need at least ${count(needed)} bytes after the header, it has ${count(body)}.`,
    );
  }
  return null;
}

/** What the header and the size tell, before any parsing (null: nothing against the file). */
function checkStructure(format: MeshFormat, input: ScanCheckInput, max: number): ScanCheck | null {
  switch (format) {
    case 'stl-binary':
      return checkBinaryStl(input, max);
    case 'stl-ascii':
      return checkAsciiStl(input);
    case 'ply':
      return checkPly(input);
    case 'obj':
      return null;
  }
}

/**
 * The whole records of a binary STL's end, as a binary STL of their own (the parser checks each coordinate).
 * Records past the declared count are trailing bytes, not triangles.
 */
function binaryStlEnd(input: ScanCheckInput, tail: Uint8Array): Uint8Array | null {
  const declared = binaryStlTriangleCount(input.head);
  const triangles = declared === 0 ? Math.floor((input.size - 84) / 50) : declared;
  const tailStart = input.size - tail.length;
  const first = Math.max(0, Math.ceil((tailStart - 84) / 50));
  const records = triangles - first;
  if (records <= 0) return null;
  const bytes = new Uint8Array(84 + 50 * records);
  new DataView(bytes.buffer).setUint32(80, records, true);
  const from = 84 + 50 * first - tailStart;
  bytes.set(tail.subarray(from, from + 50 * records), 84);
  return bytes;
}

/** An ASCII STL's end from its first facet on, inside a solid of its own (the parser reads it as a file). */
function asciiStlEnd(tail: Uint8Array): Uint8Array | null {
  const text = new TextDecoder().decode(tail);
  const facet = text.search(/\n[ \t]*facet\b/i);
  if (facet < 0) return null;
  return new TextEncoder().encode(`solid end\n${text.slice(facet + 1)}`);
}

/** The end of a file larger than its head, in a form the parser reads whole: null where the format has none. */
function endSample(format: MeshFormat, input: ScanCheckInput): Uint8Array | null {
  if (!input.tail) return null;
  if (format === 'stl-binary') return binaryStlEnd(input, input.tail);
  if (format === 'stl-ascii') return asciiStlEnd(input.tail);
  // PLY faces and OBJ faces name vertices far before the end: their end cannot be read alone.
  return null;
}

/** Thrown from the parser's progress callback when the deadline passed. */
const OUT_OF_TIME = Symbol('out of time');

/**
 * Parses the head (all of the file, or its start) and the end sample, until the deadline. A parse error is a
 * refusal; the start of a larger file ending early is not (`partial`). No triangle at all in the whole file is a
 * refusal too.
 */
function parseWithin(format: MeshFormat, input: ScanCheckInput, max: number): ScanCheck {
  const whole = input.head.length >= input.size;
  let parsed = 0;
  const onProgress =
    input.deadline === undefined
      ? undefined
      : (fraction: number) => {
          parsed = fraction;
          if (performance.now() > input.deadline!) throw OUT_OF_TIME;
        };
  const share = Math.min(1, input.head.length / input.size);
  try {
    const head = parseMesh(input.head, { format, partial: !whole, maxTriangles: max, onProgress });
    if (whole && head.triangleCount === 0) return refuse('NO_TRIANGLES', format, 'The file has no triangles.');
    const end = endSample(format, input);
    if (end) parseMesh(end, { format, maxTriangles: max });
    return { ok: true, format, triangles: head.triangleCount, parsed: share, outOfTime: false };
  } catch (error) {
    if (error === OUT_OF_TIME) return { ok: true, format, triangles: 0, parsed: parsed * share, outOfTime: true };
    if (!isMeshError(error)) throw error;
    return refuse(REFUSAL_OF[error.code], format, error.message);
  }
}

/**
 * Whether a file is a scan the portal can process, decided before anything is charged for it: its format
 * sniffed from the bytes (binary or ASCII STL, PLY, OBJ; a 3Shape DCM told apart, by its bytes or its name),
 * the counts its header declares against its size, then a parse of all of it, or of its start and end when it is
 * larger than `head` (the caller reads a bounded window), until the deadline. A refusal says why in plain
 * English; whatever was not read (past the window, past the deadline) is left to the processing engine, which
 * reads the whole file.
 */
export function checkScan(input: ScanCheckInput): ScanCheck {
  const max = input.maxTriangles ?? DEFAULT_MAX_TRIANGLES;
  if (isDcmFile(input.head, input.fileName)) return refuse('DCM', null, DCM_MESSAGE);
  const format = detectFormat(input.head, input.fileName, input.size);
  if (!format) return refuse('NOT_A_MESH', null, 'The file is not an STL, PLY or OBJ mesh.');
  return checkStructure(format, input, max) ?? parseWithin(format, input, max);
}
