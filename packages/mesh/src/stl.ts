import { binaryStlSize, binaryStlTriangleCount } from './detect';
import { MeshError } from './errors';
import {
  assertFinite,
  completeLines,
  decodeText,
  FloatBuffer,
  type ParseContext,
  parseNumberAt,
  progressReporter,
  tooLarge,
} from './internal';

const PROGRESS_STEP = 1 << 16;

/** Binary STL: 80-byte header, uint32 count, then per triangle a normal, three corners (float32 LE) and 2 bytes. */
export function parseBinaryStl(bytes: Uint8Array, ctx: ParseContext): Float32Array {
  let count = binaryStlTriangleCount(bytes);
  if (count < 0) throw new MeshError('TRUNCATED', 'The STL file ends inside its 84-byte header.');
  // A count of 0 over whole records: an exporter that never filled the count in.
  if (count === 0 && bytes.length > 84 && (bytes.length - 84) % 50 === 0) count = (bytes.length - 84) / 50;
  if (count > ctx.maxTriangles) throw tooLarge(count, ctx.maxTriangles);
  // The start of a file: the whole records in it.
  if (ctx.partial) count = Math.min(count, Math.max(0, Math.floor((bytes.length - 84) / 50)));
  const expected = binaryStlSize(count);
  if (bytes.length < expected) {
    const complete = Math.floor((bytes.length - 84) / 50);
    throw new MeshError(
      'TRUNCATED',
      `The STL file is cut short: it declares ${count.toLocaleString('en-US')} triangles but holds only ${complete.toLocaleString('en-US')}. Please upload the complete file.`,
    );
  }
  const report = progressReporter(ctx);
  const positions = new Float32Array(count * 9);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Per record: skip the 12-byte normal, read the 9 corner floats (unrolled: the fastest way in V8), skip 2 bytes.
  for (let t = 0, o = 0, b = 96; t < count; t++, o += 9, b += 50) {
    positions[o] = view.getFloat32(b, true);
    positions[o + 1] = view.getFloat32(b + 4, true);
    positions[o + 2] = view.getFloat32(b + 8, true);
    positions[o + 3] = view.getFloat32(b + 12, true);
    positions[o + 4] = view.getFloat32(b + 16, true);
    positions[o + 5] = view.getFloat32(b + 20, true);
    positions[o + 6] = view.getFloat32(b + 24, true);
    positions[o + 7] = view.getFloat32(b + 28, true);
    positions[o + 8] = view.getFloat32(b + 32, true);
    if ((t & (PROGRESS_STEP - 1)) === 0) report(t / count);
  }
  assertFinite(positions, 'the STL file');
  report(1);
  return positions;
}

const END_IN_TRIANGLE = new MeshError('TRUNCATED', 'The ASCII STL file ends in the middle of a triangle.');

/** The file ends inside a triangle (one error object: a partial parse knows it by identity). */
const endsInTriangle = () => END_IN_TRIANGLE;

/** Whitespace, and NUL: some exporters pad ASCII files with NUL bytes. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0;
}

// ASCII STL keywords, told apart by length and first letter, then compared in full (any case).
enum Word {
  Other,
  Solid,
  EndSolid,
  Facet,
  Normal,
  Outer,
  Loop,
  Vertex,
  EndLoop,
  EndFacet,
}

function sameWord(text: string, start: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) {
    if ((text.charCodeAt(start + k) | 32) !== word.charCodeAt(k)) return false;
  }
  return true;
}

function wordAt(text: string, start: number, length: number): Word {
  switch (length) {
    case 4:
      return sameWord(text, start, 'loop') ? Word.Loop : Word.Other;
    case 5:
      if (sameWord(text, start, 'facet')) return Word.Facet;
      if (sameWord(text, start, 'solid')) return Word.Solid;
      return sameWord(text, start, 'outer') ? Word.Outer : Word.Other;
    case 6:
      if (sameWord(text, start, 'vertex')) return Word.Vertex;
      return sameWord(text, start, 'normal') ? Word.Normal : Word.Other;
    case 7:
      return sameWord(text, start, 'endloop') ? Word.EndLoop : Word.Other;
    case 8:
      if (sameWord(text, start, 'endfacet')) return Word.EndFacet;
      return sameWord(text, start, 'endsolid') ? Word.EndSolid : Word.Other;
    default:
      return Word.Other;
  }
}

/**
 * ASCII STL: `solid name`, then `facet normal nx ny nz / outer loop / vertex x y z ×3 / endloop / endfacet`,
 * `endsolid name`; several solids one after another; any whitespace between words; numbers as JavaScript reads
 * them (exponents included). Anything else is MALFORMED, with its line number.
 */
export function parseAsciiStl(bytes: Uint8Array, ctx: ParseContext): Float32Array {
  const text = decodeText(ctx.partial ? completeLines(bytes) : bytes);
  const n = text.length;
  const report = progressReporter(ctx);
  const out = new FloatBuffer(Math.min(Math.ceil(n / 250) * 9, 1 << 24));
  let i = 0;
  let tokenStart = 0;
  let line = 1;
  let loopVertices = -1; // -1 outside `outer loop`
  let inSolid = false;
  let nextProgress = 1 << 20;

  const fail = (message: string): never => {
    throw new MeshError('MALFORMED', `The ASCII STL file is not valid at line ${line}: ${message}.`);
  };
  const token = () => JSON.stringify(text.slice(tokenStart, Math.min(i, tokenStart + 20)));
  /** Moves to the next word: [tokenStart, i). False at the end of the text. */
  const nextToken = (): boolean => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (!isSpace(c)) break;
      if (c === 10) line++;
      i++;
    }
    if (i >= n) return false;
    tokenStart = i;
    while (i < n && !isSpace(text.charCodeAt(i))) i++;
    return true;
  };
  const nextWord = (): Word => (nextToken() ? wordAt(text, tokenStart, i - tokenStart) : Word.Other);
  const skipLine = () => {
    while (i < n && text.charCodeAt(i) !== 10) i++;
  };
  const readNumber = (): number => {
    if (!nextToken()) throw endsInTriangle();
    const value = parseNumberAt(text, tokenStart, i);
    if (!Number.isFinite(value)) fail(`${token()} is not a number`);
    return value;
  };

  /** Reads words to the end of the text. */
  const readFacets = () => {
    while (nextToken()) {
      if (i > nextProgress) {
        report(i / n);
        nextProgress = i + (1 << 20);
      }
      switch (wordAt(text, tokenStart, i - tokenStart)) {
        case Word.Vertex: {
          if (loopVertices < 0) fail('"vertex" outside a loop');
          if (loopVertices === 3) fail('a facet with more than 3 vertices');
          out.reserve(3);
          const data = out.data;
          const o = out.length;
          data[o] = readNumber();
          data[o + 1] = readNumber();
          data[o + 2] = readNumber();
          out.length = o + 3;
          loopVertices++;
          break;
        }
        case Word.Facet:
          if (!inSolid) fail('"facet" outside a solid');
          if (nextWord() !== Word.Normal) fail('"facet" without "normal"');
          // The normal is not used (three.js ignores it too); exporters write "nan" for flat triangles.
          for (let k = 0; k < 3; k++) {
            if (!nextToken()) throw endsInTriangle();
          }
          break;
        case Word.Outer:
          if (nextWord() !== Word.Loop) fail('"outer" without "loop"');
          if (loopVertices >= 0) fail('a loop inside a loop');
          loopVertices = 0;
          break;
        case Word.EndLoop:
          if (loopVertices !== 3) fail('a facet without exactly 3 vertices');
          loopVertices = -1;
          if (out.length > ctx.maxTriangles * 9) throw tooLarge(out.length / 9, ctx.maxTriangles);
          break;
        case Word.EndFacet:
          if (loopVertices >= 0) fail('"endfacet" inside a loop');
          break;
        case Word.Solid:
          if (inSolid) fail('"solid" inside a solid');
          inSolid = true;
          skipLine(); // the name
          break;
        case Word.EndSolid:
          if (!inSolid || loopVertices >= 0) fail('"endsolid" without its solid');
          inSolid = false;
          skipLine();
          break;
        default:
          fail(`unexpected ${token()}`);
      }
    }
  };

  try {
    readFacets();
    if (loopVertices >= 0) throw endsInTriangle();
  } catch (error) {
    // The start of a file may end inside a triangle: the complete ones before it are what was read.
    if (!(ctx.partial && error === END_IN_TRIANGLE)) throw error;
    out.length -= out.length % 9;
  }
  const positions = out.result();
  assertFinite(positions, 'the STL file');
  report(1);
  return positions;
}
