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

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 11 || c === 12 || c === 13;
}

/**
 * OBJ: `v x y z` (further values such as w or colours ignored) and `f` with `v`, `v/vt`, `v//vn` or `v/vt/vn`
 * corners, 1-based or negative (relative) indices; polygons are split as a fan around their first corner (like
 * three.js's OBJLoader). Comments and every other statement (vt, vn, o, g, usemtl, l, …) are ignored.
 */
export function parseObj(bytes: Uint8Array, ctx: ParseContext): Float32Array {
  // The start of a file: its complete lines (a vertex cut after its second coordinate is not malformed).
  const text = decodeText(ctx.partial ? completeLines(bytes) : bytes);
  const n = text.length;
  const report = progressReporter(ctx);
  const vertices = new FloatBuffer(1 << 14);
  const out = new FloatBuffer(1 << 14);
  let corners = new Int32Array(16);
  let i = 0;
  let line = 0;
  let nextProgress = 1 << 20;

  const fail = (message: string): never => {
    throw new MeshError('MALFORMED', `The OBJ file is not valid at line ${line}: ${message}.`);
  };
  const skipSpace = () => {
    while (i < n && isSpace(text.charCodeAt(i))) i++;
  };
  const tokenEnd = () => {
    let j = i;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (isSpace(c) || c === 10) break;
      j++;
    }
    return j;
  };

  while (i < n) {
    line++;
    if (i > nextProgress) {
      report(i / n);
      nextProgress = i + (1 << 20);
    }
    skipSpace();
    const c0 = text.charCodeAt(i);
    const c1 = i + 1 < n ? text.charCodeAt(i + 1) : 10;
    if (c0 === 118 /* v */ && isSpace(c1)) {
      i += 2;
      vertices.reserve(3);
      for (let k = 0; k < 3; k++) {
        skipSpace();
        const end = tokenEnd();
        if (end === i) fail('a vertex with fewer than 3 coordinates');
        const value = parseNumberAt(text, i, end);
        if (!Number.isFinite(value)) fail(`"${text.slice(i, Math.min(end, i + 20))}" is not a number`);
        vertices.data[vertices.length++] = value;
        i = end;
      }
    } else if (c0 === 102 /* f */ && isSpace(c1)) {
      i += 2;
      const vertexCount = vertices.length / 3;
      let count = 0;
      for (;;) {
        skipSpace();
        const end = tokenEnd();
        if (end === i) break;
        // The vertex index is what comes before the first slash.
        let slash = i;
        while (slash < end && text.charCodeAt(slash) !== 47) slash++;
        const index = slash === i ? Number.NaN : parseNumberAt(text, i, slash);
        if (!Number.isInteger(index) || index === 0 || slash === i) {
          fail(`"${text.slice(i, Math.min(end, i + 20))}" is not a vertex reference`);
        }
        const resolved = index > 0 ? index - 1 : vertexCount + index;
        if (resolved < 0 || resolved >= vertexCount) {
          fail(`a face refers to vertex ${index} but only ${vertexCount} are defined before it`);
        }
        if (count === corners.length) {
          const grown = new Int32Array(count * 2);
          grown.set(corners);
          corners = grown;
        }
        corners[count++] = resolved;
        i = end;
      }
      if (count >= 3) {
        out.reserve((count - 2) * 9);
        const data = out.data;
        const v = vertices.data;
        const a = corners[0]! * 3;
        for (let k = 1; k + 1 < count; k++) {
          const b = corners[k]! * 3;
          const c = corners[k + 1]! * 3;
          let o = out.length;
          data[o++] = v[a]!;
          data[o++] = v[a + 1]!;
          data[o++] = v[a + 2]!;
          data[o++] = v[b]!;
          data[o++] = v[b + 1]!;
          data[o++] = v[b + 2]!;
          data[o++] = v[c]!;
          data[o++] = v[c + 1]!;
          data[o++] = v[c + 2]!;
          out.length = o;
        }
        if (out.length > ctx.maxTriangles * 9) throw tooLarge(out.length / 9, ctx.maxTriangles);
      }
    }
    // Anything else on the line (comments, vt, vn, groups, materials, extra vertex values) is skipped.
    while (i < n && text.charCodeAt(i) !== 10) i++;
    i++;
  }
  const positions = out.result();
  assertFinite(positions, 'the OBJ vertices');
  report(1);
  return positions;
}
