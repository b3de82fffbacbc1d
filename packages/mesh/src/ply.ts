import { MeshError } from './errors';
import {
  assertFinite,
  completeLines,
  decodeText,
  type ParseContext,
  parseNumberAt,
  progressReporter,
  tooLarge,
} from './internal';

type ScalarType = 'int8' | 'uint8' | 'int16' | 'uint16' | 'int32' | 'uint32' | 'float32' | 'float64';

const TYPE_ALIASES: Record<string, ScalarType> = {
  char: 'int8',
  int8: 'int8',
  uchar: 'uint8',
  uint8: 'uint8',
  short: 'int16',
  int16: 'int16',
  ushort: 'uint16',
  uint16: 'uint16',
  int: 'int32',
  int32: 'int32',
  uint: 'uint32',
  uint32: 'uint32',
  float: 'float32',
  float32: 'float32',
  double: 'float64',
  float64: 'float64',
};

const TYPE_SIZE: Record<ScalarType, number> = {
  int8: 1,
  uint8: 1,
  int16: 2,
  uint16: 2,
  int32: 4,
  uint32: 4,
  float32: 4,
  float64: 8,
};

interface Property {
  name: string;
  type: ScalarType;
  /** For `property list <count> <item> name`: the count's type; `type` is then the items' type. */
  countType: ScalarType | null;
}

interface Element {
  name: string;
  count: number;
  properties: Property[];
}

type Encoding = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

export interface PlyHeader {
  encoding: Encoding;
  elements: Element[];
  /** Offset of the first byte after the `end_header` line. */
  bodyStart: number;
}

const MAX_HEADER_BYTES = 1 << 20;

function malformed(message: string): MeshError {
  return new MeshError('MALFORMED', `The PLY file is not valid: ${message}.`);
}

function truncated(): MeshError {
  return new MeshError('TRUNCATED', 'The PLY file is cut short: it ends before all its vertices and faces.');
}

/** The body ends before its last row (one error object: a partial parse knows it by identity). */
const END_OF_BODY = truncated();

function scalarType(name: string | undefined): ScalarType {
  const type = name === undefined ? undefined : TYPE_ALIASES[name];
  if (!type) throw malformed(`unknown property type "${String(name).slice(0, 20)}"`);
  return type;
}

/**
 * The fewest bytes a row of `element` takes: in binary its fixed values and the count of each list (a list may be
 * empty); in ASCII a character and a separator per value.
 */
function minimumRowBytes(element: Element, encoding: Encoding): number {
  if (encoding === 'ascii') return 2 * Math.max(element.properties.length, 1);
  return element.properties.reduce((sum, p) => sum + TYPE_SIZE[p.countType ?? p.type], 0);
}

/** The fewest body bytes the counts of a header need (less means the file is cut short). */
export function plyMinimumBodyBytes(header: PlyHeader): number {
  const bytes = header.elements.reduce((sum, e) => sum + e.count * minimumRowBytes(e, header.encoding), 0);
  // The last ASCII value needs no separator after it.
  return header.encoding === 'ascii' ? Math.max(bytes - 1, 0) : bytes;
}

/** The header of a PLY file (its first megabyte at most is read); MeshError when it is not a valid one. */
export function readPlyHeader(bytes: Uint8Array): PlyHeader {
  const limit = Math.min(bytes.length, MAX_HEADER_BYTES);
  let headerText = '';
  let bodyStart = -1;
  // Find the line `end_header`; the body starts after its line break (LF or CR LF; a lone CR is accepted too).
  for (let i = 0; i < limit; i++) {
    if (bytes[i] === 101 /* e */ && (i === 0 || bytes[i - 1] === 10 || bytes[i - 1] === 13)) {
      let j = 0;
      const word = 'end_header';
      while (j < word.length && bytes[i + j] === word.charCodeAt(j)) j++;
      if (j < word.length) continue;
      let k = i + j;
      while (bytes[k] === 32 || bytes[k] === 9) k++;
      if (bytes[k] === 13) k++;
      if (bytes[k] === 10) k++;
      else if (bytes[k - 1] !== 13 && k < bytes.length) continue;
      headerText = decodeText(bytes.subarray(0, i));
      bodyStart = k;
      break;
    }
  }
  if (bodyStart < 0) {
    if (bytes.length < MAX_HEADER_BYTES) throw truncated();
    throw malformed('no "end_header" line');
  }

  let encoding: Encoding | null = null;
  const elements: Element[] = [];
  const lines = headerText.split(/\r\n|\r|\n/);
  for (let l = 0; l < lines.length; l++) {
    const words = lines[l]!.trim().split(/\s+/);
    const keyword = words[0];
    if (l === 0) {
      if (keyword !== 'ply') throw malformed('it does not start with "ply"');
      continue;
    }
    switch (keyword) {
      case '':
      case 'comment':
      case 'obj_info':
        break;
      case 'format':
        if (words[1] !== 'ascii' && words[1] !== 'binary_little_endian' && words[1] !== 'binary_big_endian') {
          throw malformed(`unknown format "${String(words[1]).slice(0, 30)}"`);
        }
        encoding = words[1];
        break;
      case 'element': {
        const count = Number(words[2]);
        if (!words[1] || !Number.isSafeInteger(count) || count < 0) throw malformed(`bad element line "${lines[l]}"`);
        elements.push({ name: words[1], count, properties: [] });
        break;
      }
      case 'property': {
        const element = elements.at(-1);
        if (!element) throw malformed('a property before any element');
        if (words[1] === 'list') {
          const name = words[4];
          if (!name) throw malformed(`bad property line "${lines[l]}"`);
          element.properties.push({ name, countType: scalarType(words[2]), type: scalarType(words[3]) });
        } else {
          const name = words[2];
          if (!name) throw malformed(`bad property line "${lines[l]}"`);
          element.properties.push({ name, countType: null, type: scalarType(words[1]) });
        }
        break;
      }
      default:
        throw malformed(`unknown header line "${lines[l]!.slice(0, 40)}"`);
    }
  }
  if (!encoding) throw malformed('no "format" line');
  return { encoding, elements, bodyStart };
}

/** Where to find x, y, z in a vertex row, and which list holds a face's vertex indices. */
function layout(elements: Element[]) {
  const vertex = elements.find((e) => e.name === 'vertex');
  const face = elements.find((e) => e.name === 'face');
  let xyz: [number, number, number] = [-1, -1, -1];
  if (vertex) {
    xyz = [
      vertex.properties.findIndex((p) => p.name === 'x' && p.countType === null),
      vertex.properties.findIndex((p) => p.name === 'y' && p.countType === null),
      vertex.properties.findIndex((p) => p.name === 'z' && p.countType === null),
    ];
    if (xyz.includes(-1)) throw malformed('its vertices have no x, y and z');
  }
  let indexList = -1;
  if (face) {
    indexList = face.properties.findIndex(
      (p) => (p.name === 'vertex_indices' || p.name === 'vertex_index') && p.countType !== null,
    );
    if (indexList < 0) throw malformed('its faces have no vertex_indices list');
    if (!vertex) throw malformed('it has faces but no vertices');
  }
  return { vertex, face, xyz, indexList };
}

/** Triangle corner indices, growing by doubling. */
class IndexBuffer {
  data = new Uint32Array(1 << 12);
  length = 0;
  push(a: number, b: number, c: number) {
    if (this.length + 3 > this.data.length) {
      const next = new Uint32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = a;
    this.data[this.length++] = b;
    this.data[this.length++] = c;
  }
}

/**
 * Adds a polygon's triangles as a fan around its first corner — (0,1,2), (0,2,3), … — which is how the PLY
 * convention and three.js's PLYLoader split quads. Polygons with fewer than 3 corners add nothing.
 */
function addPolygon(out: IndexBuffer, polygon: Uint32Array, size: number, vertexCount: number, max: number) {
  for (let k = 0; k < size; k++) {
    if (polygon[k]! >= vertexCount) {
      throw malformed(`a face refers to vertex ${polygon[k]} but there are only ${vertexCount} vertices`);
    }
  }
  const first = polygon[0]!;
  for (let k = 1; k + 1 < size; k++) out.push(first, polygon[k]!, polygon[k + 1]!);
  if (out.length > max * 3) throw tooLarge(out.length / 3, max);
}

function expand(vertices: Float32Array, indices: IndexBuffer): Float32Array {
  const positions = new Float32Array(indices.length * 3);
  const idx = indices.data;
  for (let i = 0, o = 0; i < indices.length; i++, o += 3) {
    const v = idx[i]! * 3;
    positions[o] = vertices[v]!;
    positions[o + 1] = vertices[v + 1]!;
    positions[o + 2] = vertices[v + 2]!;
  }
  return positions;
}

/**
 * How many vertices to make room for: the declared count, or for the start of a file, the rows that fit in its
 * `body` bytes. A face comes after every vertex (unless the file lists faces first, then nothing is cut), so
 * when one is reached, every vertex fitted and the count is the declared one.
 */
function verticesToRead(header: PlyHeader, vertex: Element | undefined, body: number): number {
  if (!vertex) return 0;
  const faceAt = header.elements.findIndex((e) => e.name === 'face');
  if (faceAt >= 0 && faceAt < header.elements.indexOf(vertex)) return vertex.count;
  return Math.min(vertex.count, Math.floor(body / minimumRowBytes(vertex, header.encoding)) + 1);
}

/** PLY (ascii, binary_little_endian, binary_big_endian): vertex x/y/z of any numeric type; face index lists. */
export function parsePly(bytes: Uint8Array, ctx: ParseContext): Float32Array {
  const header = readPlyHeader(bytes);
  const { vertex, xyz, indexList } = layout(header.elements);
  const body = bytes.length - header.bodyStart;
  // Cheap bound before allocating per declared counts: the fewest bytes the rows take.
  if (!ctx.partial && plyMinimumBodyBytes(header) > body) throw truncated();
  const vertices = new Float32Array(verticesToRead(header, vertex, body) * 3);
  const indices = new IndexBuffer();
  try {
    if (header.encoding === 'ascii') readAscii(bytes, header, vertices, xyz, indexList, indices, ctx);
    else readBinary(bytes, header, vertices, xyz, indexList, indices, ctx);
  } catch (error) {
    if (!(ctx.partial && error === END_OF_BODY)) throw error;
  }
  assertFinite(vertices, 'the PLY vertices');
  return expand(vertices, indices);
}

function readBinary(
  bytes: Uint8Array,
  header: PlyHeader,
  vertices: Float32Array,
  xyz: [number, number, number],
  indexList: number,
  indices: IndexBuffer,
  ctx: ParseContext,
) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const le = header.encoding === 'binary_little_endian';
  const end = bytes.length;
  const report = progressReporter(ctx);
  const read = (type: ScalarType, at: number): number => {
    switch (type) {
      case 'int8':
        return view.getInt8(at);
      case 'uint8':
        return view.getUint8(at);
      case 'int16':
        return view.getInt16(at, le);
      case 'uint16':
        return view.getUint16(at, le);
      case 'int32':
        return view.getInt32(at, le);
      case 'uint32':
        return view.getUint32(at, le);
      case 'float32':
        return view.getFloat32(at, le);
      default:
        return view.getFloat64(at, le);
    }
  };
  let offset = header.bodyStart;
  let polygon = new Uint32Array(16);
  const vertexCount = vertices.length / 3;

  for (const element of header.elements) {
    const props = element.properties;
    const fixed = props.every((p) => p.countType === null);
    if (element.name === 'vertex' && fixed) {
      // Fixed-size rows: x, y, z at known offsets.
      const offsets: number[] = [];
      let stride = 0;
      for (const p of props) {
        offsets.push(stride);
        stride += TYPE_SIZE[p.type];
      }
      // The start of a file: the rows that fit, then the end.
      const rows = Math.min(element.count, Math.floor((end - offset) / stride));
      if (rows < element.count && !ctx.partial) throw END_OF_BODY;
      const [ix, iy, iz] = xyz;
      const ox = offsets[ix]!;
      const oy = offsets[iy]!;
      const oz = offsets[iz]!;
      const tx = props[ix]!.type;
      const ty = props[iy]!.type;
      const tz = props[iz]!.type;
      if (tx === 'float32' && ty === 'float32' && tz === 'float32') {
        for (let v = 0, o = 0; v < rows; v++, offset += stride) {
          vertices[o++] = view.getFloat32(offset + ox, le);
          vertices[o++] = view.getFloat32(offset + oy, le);
          vertices[o++] = view.getFloat32(offset + oz, le);
        }
      } else {
        for (let v = 0, o = 0; v < rows; v++, offset += stride) {
          vertices[o++] = read(tx, offset + ox);
          vertices[o++] = read(ty, offset + oy);
          vertices[o++] = read(tz, offset + oz);
        }
      }
      if (rows < element.count) throw END_OF_BODY;
      report(0.5);
      continue;
    }
    const isVertex = element.name === 'vertex';
    const isFace = element.name === 'face';
    for (let r = 0; r < element.count; r++) {
      for (let p = 0; p < props.length; p++) {
        const prop = props[p]!;
        const size = TYPE_SIZE[prop.type];
        if (prop.countType === null) {
          if (offset + size > end) throw END_OF_BODY;
          if (isVertex && (p === xyz[0] || p === xyz[1] || p === xyz[2])) {
            vertices[r * 3 + (p === xyz[0] ? 0 : p === xyz[1] ? 1 : 2)] = read(prop.type, offset);
          }
          offset += size;
          continue;
        }
        const countSize = TYPE_SIZE[prop.countType];
        if (offset + countSize > end) throw END_OF_BODY;
        const count = read(prop.countType, offset);
        offset += countSize;
        if (!Number.isInteger(count) || count < 0) throw malformed(`a list of length ${count}`);
        if (offset + count * size > end) throw END_OF_BODY;
        if (isFace && p === indexList) {
          if (count > polygon.length) polygon = new Uint32Array(count);
          for (let k = 0; k < count; k++, offset += size) {
            const index = read(prop.type, offset);
            if (!Number.isInteger(index) || index < 0) throw malformed(`a face refers to vertex ${index}`);
            polygon[k] = index;
          }
          addPolygon(indices, polygon, count, vertexCount, ctx.maxTriangles);
        } else {
          offset += count * size;
        }
      }
      if ((r & 0xffff) === 0 && isFace) report(0.5 + (0.5 * r) / element.count);
    }
  }
  report(1);
}

function readAscii(
  bytes: Uint8Array,
  header: PlyHeader,
  vertices: Float32Array,
  xyz: [number, number, number],
  indexList: number,
  indices: IndexBuffer,
  ctx: ParseContext,
) {
  // The start of a file: its complete lines (a number cut in two would read as another number).
  const body = bytes.subarray(header.bodyStart);
  const text = decodeText(ctx.partial ? completeLines(body) : body);
  const n = text.length;
  const report = progressReporter(ctx);
  let i = 0;
  /** Moves past the next value: [start, i). */
  let start = 0;
  const skip = () => {
    let c = text.charCodeAt(i);
    while (i < n && (c === 32 || (c >= 9 && c <= 13))) c = text.charCodeAt(++i);
    if (i >= n) throw END_OF_BODY;
    start = i;
    while (i < n && !(c === 32 || (c >= 9 && c <= 13))) c = text.charCodeAt(++i);
  };
  const next = (): number => {
    skip();
    const value = parseNumberAt(text, start, i);
    if (Number.isNaN(value)) throw malformed(`"${text.slice(start, Math.min(i, start + 20))}" is not a number`);
    return value;
  };
  let polygon = new Uint32Array(16);
  const vertexCount = vertices.length / 3;
  for (const element of header.elements) {
    const props = element.properties;
    const isVertex = element.name === 'vertex';
    const isFace = element.name === 'face';
    for (let r = 0; r < element.count; r++) {
      for (let p = 0; p < props.length; p++) {
        const prop = props[p]!;
        if (prop.countType === null) {
          // Only x, y and z are read; other values (normals, colours: "nan" happens) are skipped unread.
          if (isVertex && p === xyz[0]) vertices[r * 3] = next();
          else if (isVertex && p === xyz[1]) vertices[r * 3 + 1] = next();
          else if (isVertex && p === xyz[2]) vertices[r * 3 + 2] = next();
          else skip();
          continue;
        }
        const count = next();
        if (!Number.isInteger(count) || count < 0) throw malformed(`a list of length ${count}`);
        if (count > (n - i) / 2 + 1) throw END_OF_BODY;
        if (isFace && p === indexList) {
          if (count > polygon.length) polygon = new Uint32Array(count);
          for (let k = 0; k < count; k++) {
            const index = next();
            if (!Number.isInteger(index) || index < 0) throw malformed(`a face refers to vertex ${index}`);
            polygon[k] = Math.min(index, 0xffffffff);
          }
          addPolygon(indices, polygon, count, vertexCount, ctx.maxTriangles);
        } else {
          for (let k = 0; k < count; k++) skip();
        }
      }
      if ((r & 0xffff) === 0) report(i / n);
    }
  }
  report(1);
}
