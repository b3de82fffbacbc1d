import { describe, expect, it } from 'vitest';
import { detectFormat } from './detect';
import { MeshError } from './errors';
import { parseMesh } from './parse';
import { buildPly } from './test-support/ply-builder';
import { threePositions } from './test-support/three-reference';
import { jawFixture } from './testing/jaw-fixture';
import { weldMesh } from './weld';
import { writeAsciiStl, writeBinaryStl, writeObj, writePly } from './writers';

const text = (s: string) => new TextEncoder().encode(s);

function expectSameAsThree(format: 'stl' | 'ply' | 'obj', bytes: Uint8Array, fileName?: string) {
  const ours = parseMesh(bytes, { fileName });
  const theirs = threePositions(format, bytes);
  expect(ours.triangleCount).toBeGreaterThan(0);
  expect(ours.positions.length).toBe(theirs.length);
  expect(ours.triangleCount * 9).toBe(theirs.length);
  expect(Array.from(ours.positions)).toEqual(Array.from(theirs));
  return ours;
}

function expectMeshError(fn: () => unknown, code: MeshError['code']) {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(MeshError);
    expect((error as MeshError).code).toBe(code);
    expect((error as MeshError).message.length).toBeGreaterThan(10);
    return error as MeshError;
  }
  throw new Error(`expected a MeshError ${code}`);
}

const jaw = jawFixture({ triangles: 3000 });

describe('parseMesh gives the same triangles as three.js', () => {
  it('binary STL written by writeBinaryStl', () => {
    const parsed = expectSameAsThree('stl', writeBinaryStl(jaw.mesh));
    expect(parsed.format).toBe('stl-binary');
    expect(parsed.triangleCount).toBe(jaw.mesh.indices.length / 3);
  });

  it('binary STL whose header starts with "solid" (recognised by its size)', () => {
    const bytes = writeBinaryStl(jaw.mesh, { header: 'solid exported by a scanner that writes solid in binary' });
    expect(detectFormat(bytes)).toBe('stl-binary');
    expect(expectSameAsThree('stl', bytes).format).toBe('stl-binary');
  });

  it('ASCII STL written by writeAsciiStl', () => {
    const parsed = expectSameAsThree('stl', writeAsciiStl(jaw.mesh));
    expect(parsed.format).toBe('stl-ascii');
  });

  it('ASCII STL with odd whitespace, CRLF, tabs, exponents and two solids', () => {
    const source = [
      'solid  first part \r\n',
      '\tfacet normal 0 0 1\r\n  outer   loop\r\n',
      '   vertex 0 0 0\r\n\t\tvertex\t1.5e+1  0   0\r\n vertex 0 1.25E1 -0.0\r\n',
      'endloop\r\n endfacet\r\n',
      'facet normal 0.0 0.0 -1.0 outer loop vertex 1e-3 2e-3 3e-3 vertex -4.5 +5.5 6 vertex .5 7. 8.125e0 endloop endfacet',
      '\nendsolid first part\r\n',
      'solid second\n',
      '  facet normal 0 0 0\n    outer loop\n      vertex 10 10 10\n      vertex 11 10 10\n',
      '      vertex 10 11 10\n    endloop\n  endfacet\n',
      'endsolid second',
    ].join('');
    const parsed = expectSameAsThree('stl', text(source));
    expect(parsed.triangleCount).toBe(3);
    expect(Array.from(parsed.positions.slice(0, 9))).toEqual([0, 0, 0, 15, 0, 0, 0, 12.5, -0]);
  });

  it('binary PLY (little and big endian) and ASCII PLY written by writePly', () => {
    for (const options of [{ binary: false }, { binary: true }, { binary: true, bigEndian: true }]) {
      const parsed = expectSameAsThree('ply', writePly(weldMesh({ positions: toSoup() }), options));
      expect(parsed.format).toBe('ply');
    }
  });

  const vertices = [
    [0, 0, 0, 0, 0, 1, 255, 0, 0],
    [10, 0, 0, 0, 0, 1, 0, 255, 0],
    [10, 10, 0.5, 0, 0, 1, 0, 0, 255],
    [0, 10, -0.25, 0, 0, 1, 9, 9, 9],
    [5, 15, 2, 0, 0, 1, 1, 2, 3],
  ];
  const withExtras = [
    { name: 'nx', type: 'float' },
    { name: 'x', type: 'float' },
    { name: 'y', type: 'float' },
    { name: 'z', type: 'float' },
  ];
  const rows = vertices.map((v) => [v[3]!, v[0]!, v[1]!, v[2]!]);
  const faces = [{ indices: [0, 1, 2, 3] }, { indices: [3, 2, 4] }, { indices: [0, 1, 4] }];

  for (const format of ['ascii', 'binary_little_endian', 'binary_big_endian'] as const) {
    it(`${format} PLY with extra vertex properties, quads, an extra element and per-face properties`, () => {
      const bytes = buildPly({
        format,
        comments: ['made by hand', 'with two comments'],
        vertexProperties: [...withExtras, { name: 'red', type: 'uchar' }, { name: 'quality', type: 'double' }],
        vertices: rows.map((row, i) => [...row, i * 10, i / 3]),
        extraElement: { name: 'material', type: 'int', values: [1, 2, 3] },
        faceList: { countType: 'uchar', itemType: 'int', name: 'vertex_indices' },
        faceExtras: [{ name: 'flags', type: 'ushort' }],
        faces: faces.map((f, i) => ({ ...f, extras: [i] })),
      });
      const parsed = expectSameAsThree('ply', bytes);
      expect(parsed.triangleCount).toBe(4); // the quad makes two
    });

    it(`${format} PLY with double coordinates, float32/uint8 type names and vertex_index`, () => {
      const bytes = buildPly({
        format,
        vertexProperties: [
          { name: 'x', type: 'double' },
          { name: 'y', type: 'float64' },
          { name: 'z', type: 'float64' },
          { name: 'confidence', type: 'float32' },
        ],
        vertices: rows.map((row) => [row[1]! + 0.1, row[2]! / 3, row[3]!, 0.5]),
        faceList: { countType: 'uint8', itemType: 'uint32', name: 'vertex_index' },
        faces,
      });
      expectSameAsThree('ply', bytes);
    });

    it(`${format} PLY with integer coordinates and ushort/uint lists`, () => {
      const bytes = buildPly({
        format,
        vertexProperties: [
          { name: 'x', type: 'short' },
          { name: 'y', type: 'int' },
          { name: 'z', type: 'uchar' },
        ],
        vertices: [
          [0, 0, 0],
          [-100, 20, 3],
          [7, -9000, 255],
          [1, 2, 3],
        ],
        faceList: { countType: 'ushort', itemType: 'uint', name: 'vertex_indices' },
        faces: [{ indices: [0, 1, 2] }, { indices: [1, 2, 3] }],
      });
      expectSameAsThree('ply', bytes);
    });
  }

  it('ASCII STL with "nan" normals (flat triangles) and NUL padding at the end', () => {
    const source =
      'solid x\nfacet normal -nan nan NaN\nouter loop\nvertex 0 0 0\nvertex 1 1 1\nvertex 2 2 2\nendloop\nendfacet\n' +
      'endsolid x\n\0\0\0\0';
    expect(parseMesh(text(source)).positions).toEqual(new Float32Array([0, 0, 0, 1, 1, 1, 2, 2, 2]));
  });

  it('ASCII PLY with "nan" in a property other than x, y, z', () => {
    const bytes = text(
      'ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\n' +
        'property float nx\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n' +
        '0 0 0 nan\n1 0 0 -nan\n0 1 0 1\n3 0 1 2\n',
    );
    expect(parseMesh(bytes).triangleCount).toBe(1);
    expectMeshError(
      () => parseMesh(text(new TextDecoder().decode(bytes).replace('1 0 0 -nan', 'nan 0 0 1'))),
      'MALFORMED',
    );
  });

  it('ASCII PLY with CRLF line ends', () => {
    const bytes = buildPly({
      format: 'ascii',
      lineEnd: '\r\n',
      vertexProperties: [
        { name: 'x', type: 'float' },
        { name: 'y', type: 'float' },
        { name: 'z', type: 'float' },
      ],
      vertices: [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ],
      faceList: { countType: 'uchar', itemType: 'int', name: 'vertex_indices' },
      faces: [{ indices: [0, 1, 2] }],
    });
    expect(parseMesh(bytes).positions).toEqual(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]));
  });

  it('OBJ written by writeObj', () => {
    expect(expectSameAsThree('obj', writeObj(jaw.mesh)).format).toBe('obj');
  });

  it('OBJ with negative indices, quads, pentagons, v/vt/vn forms, comments and other statements', () => {
    const source = [
      '# exported by hand',
      'mtllib teeth.mtl',
      'o jaw',
      'v 0 0 0',
      'v 1.0 0 0 1.0',
      'v 1 1 0 0.5 0.5 0.5',
      'v 0 1 0',
      'vt 0 0',
      'vt 1 0',
      'vt 1 1',
      'vn 0 0 1',
      's off',
      'f 1 2 3 4',
      'f 1/1 2/2 3/3',
      'f 1//1 3//1 4//1',
      'f 1/1/1 2/2/1 3/3/1',
      'v 2 0 1e-1',
      'v\t2.5  0.5   1E-1',
      'v 2 1 0.1',
      'f -3 -2 -1 -4',
      'f -1/-1/-1 -2/-2/-1 -3/-3/-1',
      'v 3 3 3',
      'v 4 3 3',
      'f 1 2 8 9 3',
      'o wire',
      'l 1 2',
      '',
    ].join('\n');
    const parsed = expectSameAsThree('obj', text(source), 'jaw.obj');
    expect(parsed.triangleCount).toBe(2 + 1 + 1 + 1 + 2 + 1 + 3);
  });

  it('OBJ with CRLF line ends and several objects', () => {
    const source = 'o a\r\nv 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1 2 3\r\no b\r\nv 0 0 1\r\nf 1 2 4\r\n';
    expect(expectSameAsThree('obj', text(source)).triangleCount).toBe(2);
  });
});

function toSoup(): Float32Array {
  return parseMesh(writeBinaryStl(jaw.mesh)).positions;
}

describe('detectFormat', () => {
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(300).fill(7)]);

  it('tells formats by content, not by name', () => {
    expect(detectFormat(writeBinaryStl(jaw.mesh), 'scan.obj')).toBe('stl-binary');
    expect(detectFormat(writeAsciiStl(jaw.mesh), 'scan.ply')).toBe('stl-ascii');
    expect(detectFormat(writePly(jaw.mesh, { binary: true }), 'scan.stl')).toBe('ply');
    expect(detectFormat(writeObj(jaw.mesh), 'scan.stl')).toBe('obj');
  });

  it('refuses an image renamed .stl', () => {
    expect(detectFormat(png, 'upper.stl')).toBeNull();
    expectMeshError(() => parseMesh(png, { fileName: 'upper.stl' }), 'UNKNOWN_FORMAT');
    const photo = new Uint8Array(5000).fill(0x41);
    photo.set([0xff, 0xd8, 0xff, 0xe0]);
    expectMeshError(() => parseMesh(photo, { fileName: 'lower.STL' }), 'UNKNOWN_FORMAT');
  });

  it('refuses text that is no mesh', () => {
    expect(detectFormat(text('Hello, this is a letter, not a scan.'))).toBeNull();
    expect(detectFormat(text('{"x": 1}'), 'a.obj')).toBeNull();
    expectMeshError(() => parseMesh(text('<html></html>'), { fileName: 'x.stl' }), 'UNKNOWN_FORMAT');
  });

  it('uses the name as a hint for a binary STL whose count was left at 0', () => {
    const bytes = writeBinaryStl(jaw.mesh);
    bytes.fill(0, 80, 84);
    expect(detectFormat(bytes)).toBeNull();
    expect(parseMesh(bytes, { fileName: 'lower.stl' }).positions).toEqual(
      parseMesh(writeBinaryStl(jaw.mesh)).positions,
    );
  });

  it('uses the name as a hint for a binary STL cut short', () => {
    const cut = writeBinaryStl(jaw.mesh).slice(0, 5000);
    expect(detectFormat(cut)).toBeNull();
    expect(detectFormat(cut, 'upper.stl')).toBe('stl-binary');
    expect(expectMeshError(() => parseMesh(cut, { fileName: 'upper.stl' }), 'TRUNCATED').message).toMatch(/cut short/);
  });
});

describe('parseMesh errors', () => {
  it('EMPTY for no bytes', () => {
    expectMeshError(() => parseMesh(new Uint8Array(0)), 'EMPTY');
  });

  it('TOO_LARGE above maxTriangles', () => {
    const bytes = writeBinaryStl(jaw.mesh);
    expectMeshError(() => parseMesh(bytes, { maxTriangles: 100 }), 'TOO_LARGE');
    expectMeshError(() => parseMesh(writeAsciiStl(jaw.mesh), { maxTriangles: 100 }), 'TOO_LARGE');
    expectMeshError(() => parseMesh(writePly(jaw.mesh), { maxTriangles: 100 }), 'TOO_LARGE');
    expectMeshError(() => parseMesh(writeObj(jaw.mesh), { maxTriangles: 100 }), 'TOO_LARGE');
  });

  it('MALFORMED with the line for bad ASCII STL and OBJ', () => {
    const stl = 'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 zero\nendloop\nendfacet\nendsolid\n';
    expect(expectMeshError(() => parseMesh(text(stl)), 'MALFORMED').message).toMatch(/line 4/);
    expectMeshError(() => parseMesh(text('v 0 0 0\nv 1 0 0\nf 1 2 3\n')), 'MALFORMED');
    expectMeshError(() => parseMesh(text('v 0 0 0\nv 1 0 0\nv 1 1 1\nf 1 2 0\n')), 'MALFORMED');
  });

  it('MALFORMED for a PLY face pointing past the vertices, TRUNCATED for a PLY cut short', () => {
    const ply = buildPly({
      format: 'binary_little_endian',
      vertexProperties: [
        { name: 'x', type: 'float' },
        { name: 'y', type: 'float' },
        { name: 'z', type: 'float' },
      ],
      vertices: [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ],
      faceList: { countType: 'uchar', itemType: 'int', name: 'vertex_indices' },
      faces: [{ indices: [0, 1, 3] }],
    });
    expectMeshError(() => parseMesh(ply), 'MALFORMED');
    expectMeshError(() => parseMesh(ply.slice(0, ply.length - 3)), 'TRUNCATED');
  });

  it('MALFORMED for NaN coordinates in a binary STL', () => {
    const bytes = writeBinaryStl(jaw.mesh);
    new DataView(bytes.buffer).setFloat32(84 + 12, Number.NaN, true);
    expectMeshError(() => parseMesh(bytes), 'MALFORMED');
  });

  it('reports progress up to 1', () => {
    const seen: number[] = [];
    parseMesh(writeBinaryStl(jawFixture({ triangles: 200_000 }).mesh), { onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
  });

  it('passes on an error thrown by onProgress (cancelling)', () => {
    const cancel = new Error('cancelled');
    const bytes = writeBinaryStl(jawFixture({ triangles: 100_000 }).mesh);
    expect(() =>
      parseMesh(bytes, {
        onProgress: (f) => {
          if (f > 0.3) throw cancel;
        },
      }),
    ).toThrow(cancel);
  });

  it('reads bytes at any offset of a larger buffer (a Node Buffer slice)', () => {
    for (const file of [writeBinaryStl(jaw.mesh), writePly(jaw.mesh, { binary: true }), writeObj(jaw.mesh)]) {
      const big = new Uint8Array(file.length + 7);
      big.set(file, 3);
      const view = big.subarray(3, 3 + file.length);
      expect(parseMesh(view).positions).toEqual(parseMesh(file).positions);
    }
  });

  it('accepts an empty solid and an ArrayBuffer', () => {
    expect(parseMesh(text('solid empty\nendsolid empty\n')).triangleCount).toBe(0);
    const bytes = writeBinaryStl(jaw.mesh);
    expect(parseMesh(bytes.buffer as ArrayBuffer).triangleCount).toBe(jaw.mesh.indices.length / 3);
  });
});
