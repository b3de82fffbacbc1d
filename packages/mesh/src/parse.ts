import { detectFormat } from './detect';
import { MeshError } from './errors';
import { DEFAULT_MAX_TRIANGLES, type ParseContext } from './internal';
import { parseObj } from './obj';
import { parsePly } from './ply';
import { parseAsciiStl, parseBinaryStl } from './stl';
import type { MeshFormat, TriangleSoup } from './types';

export interface ParseOptions {
  /** The uploaded file's name: a hint for the format where the content cannot tell. */
  fileName?: string;
  /** Called with 0…1 while parsing (at most about every 2 %), and with 1 at the end. */
  onProgress?: (fraction: number) => void;
  /** More triangles than this is TOO_LARGE (default 12,000,000). */
  maxTriangles?: number;
  /** The format, when the caller has decided it already (for the start of a file, whose size content cannot tell). */
  format?: MeshFormat;
  /**
   * The bytes are only the first part of the file (a check that reads a bounded window): the file ending early is
   * no error, the triangles read until then are returned. What is malformed before the cut is still MALFORMED.
   */
  partial?: boolean;
}

export interface ParsedMesh extends TriangleSoup {
  format: MeshFormat;
  /** Non-indexed: 9 floats per triangle (the corners' x, y, z), in the file's units (millimetres for scans). */
  positions: Float32Array;
  triangleCount: number;
}

const FORMAT_NAMES = 'STL, PLY or OBJ';

/**
 * Reads a mesh file (binary or ASCII STL, PLY in any of its three encodings, OBJ) into non-indexed triangles.
 * Throws only MeshError, whatever the bytes: EMPTY, UNKNOWN_FORMAT, TRUNCATED, MALFORMED or TOO_LARGE (an
 * error thrown by `onProgress` itself, to cancel, is passed on as it is).
 * A valid file without any triangle (an empty solid, a point cloud) returns triangleCount 0.
 */
export function parseMesh(input: Uint8Array | ArrayBuffer, options: ParseOptions = {}): ParsedMesh {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes.length === 0) throw new MeshError('EMPTY', 'The file is empty.');
  const format = options.format ?? detectFormat(bytes, options.fileName);
  if (!format) {
    throw new MeshError(
      'UNKNOWN_FORMAT',
      `The file is not a 3D mesh we can read. Please upload an ${FORMAT_NAMES} file.`,
    );
  }
  // An error thrown by the caller's onProgress (to cancel, say) goes through unchanged.
  let callbackError: { error: unknown } | null = null;
  const { onProgress } = options;
  const ctx: ParseContext = {
    maxTriangles: options.maxTriangles ?? DEFAULT_MAX_TRIANGLES,
    partial: options.partial ?? false,
    onProgress: onProgress
      ? (fraction) => {
          try {
            onProgress(fraction);
          } catch (error) {
            callbackError = { error };
            throw error;
          }
        }
      : undefined,
  };
  let positions: Float32Array;
  try {
    positions = read(format, bytes, ctx);
  } catch (error) {
    if (error instanceof MeshError) throw error;
    if (callbackError && (callbackError as { error: unknown }).error === error) throw error;
    // Out of memory for an absurd file, or a bug: still a MeshError for the caller, with the cause kept.
    const wrapped =
      error instanceof RangeError
        ? new MeshError('TOO_LARGE', 'The file is too large to be processed.')
        : new MeshError('MALFORMED', 'The file could not be read as a 3D mesh.');
    (wrapped as Error & { cause?: unknown }).cause = error;
    throw wrapped;
  }
  return { format, positions, triangleCount: positions.length / 9 };
}

function read(format: MeshFormat, bytes: Uint8Array, ctx: ParseContext): Float32Array {
  switch (format) {
    case 'stl-binary':
      return parseBinaryStl(bytes, ctx);
    case 'stl-ascii':
      return parseAsciiStl(bytes, ctx);
    case 'ply':
      return parsePly(bytes, ctx);
    case 'obj':
      return parseObj(bytes, ctx);
  }
}
