// Hand-made PLY files for tests: any property types, extra properties and elements, any encoding.
type PlyType = 'char' | 'uchar' | 'short' | 'ushort' | 'int' | 'uint' | 'float' | 'double' | string;

export interface PlySpec {
  format: 'ascii' | 'binary_little_endian' | 'binary_big_endian';
  vertexProperties: { name: string; type: PlyType }[];
  /** One row per vertex, one value per vertex property. */
  vertices: number[][];
  faceList?: { countType: PlyType; itemType: PlyType; name: string };
  /** Extra scalar properties of each face, written after the list. */
  faceExtras?: { name: string; type: PlyType }[];
  faces?: { indices: number[]; extras?: number[] }[];
  /** Another element written between vertices and faces, with one scalar property per row. */
  extraElement?: { name: string; type: PlyType; values: number[] };
  comments?: string[];
  lineEnd?: string;
}

const SIZES: Record<string, number> = {
  char: 1,
  int8: 1,
  uchar: 1,
  uint8: 1,
  short: 2,
  int16: 2,
  ushort: 2,
  uint16: 2,
  int: 4,
  int32: 4,
  uint: 4,
  uint32: 4,
  float: 4,
  float32: 4,
  double: 8,
  float64: 8,
};

function write(view: DataView, offset: number, type: PlyType, value: number, le: boolean): number {
  switch (type) {
    case 'char':
    case 'int8':
      view.setInt8(offset, value);
      break;
    case 'uchar':
    case 'uint8':
      view.setUint8(offset, value);
      break;
    case 'short':
    case 'int16':
      view.setInt16(offset, value, le);
      break;
    case 'ushort':
    case 'uint16':
      view.setUint16(offset, value, le);
      break;
    case 'int':
    case 'int32':
      view.setInt32(offset, value, le);
      break;
    case 'uint':
    case 'uint32':
      view.setUint32(offset, value, le);
      break;
    case 'float':
    case 'float32':
      view.setFloat32(offset, value, le);
      break;
    default:
      view.setFloat64(offset, value, le);
  }
  return offset + SIZES[type]!;
}

export function buildPly(spec: PlySpec): Uint8Array {
  const nl = spec.lineEnd ?? '\n';
  const faces = spec.faces ?? [];
  const head = ['ply', `format ${spec.format} 1.0`, ...(spec.comments ?? []).map((c) => `comment ${c}`)];
  head.push(`element vertex ${spec.vertices.length}`);
  for (const p of spec.vertexProperties) head.push(`property ${p.type} ${p.name}`);
  if (spec.extraElement) {
    head.push(`element ${spec.extraElement.name} ${spec.extraElement.values.length}`);
    head.push(`property ${spec.extraElement.type} value`);
  }
  if (spec.faceList) {
    head.push(`element face ${faces.length}`);
    head.push(`property list ${spec.faceList.countType} ${spec.faceList.itemType} ${spec.faceList.name}`);
    for (const p of spec.faceExtras ?? []) head.push(`property ${p.type} ${p.name}`);
  }
  head.push('end_header');
  const header = new TextEncoder().encode(head.join(nl) + nl);
  if (spec.format === 'ascii') {
    const lines = spec.vertices.map((row) => row.join(' '));
    if (spec.extraElement) lines.push(...spec.extraElement.values.map(String));
    for (const face of faces) lines.push([face.indices.length, ...face.indices, ...(face.extras ?? [])].join(' '));
    const body = new TextEncoder().encode(lines.join(nl) + nl);
    const out = new Uint8Array(header.length + body.length);
    out.set(header);
    out.set(body, header.length);
    return out;
  }
  const le = spec.format === 'binary_little_endian';
  const out = new Uint8Array(header.length + (1 << 20));
  out.set(header);
  const view = new DataView(out.buffer);
  let o = header.length;
  for (const row of spec.vertices) {
    spec.vertexProperties.forEach((p, k) => {
      o = write(view, o, p.type, row[k]!, le);
    });
  }
  if (spec.extraElement) for (const v of spec.extraElement.values) o = write(view, o, spec.extraElement.type, v, le);
  for (const face of faces) {
    o = write(view, o, spec.faceList!.countType, face.indices.length, le);
    for (const index of face.indices) o = write(view, o, spec.faceList!.itemType, index, le);
    (spec.faceExtras ?? []).forEach((p, k) => {
      o = write(view, o, p.type, face.extras?.[k] ?? 0, le);
    });
  }
  return out.slice(0, o);
}
