import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MeshError } from './errors';
import { parseMesh } from './parse';
import { jawFixture } from './testing/jaw-fixture';
import { writeAsciiStl, writeBinaryStl, writeObj, writePly } from './writers';

// Whatever the bytes: a valid result or a MeshError, never anything else, and quickly.
const MAX_MS = 500;
const fileNames = fc.constantFrom(undefined, 'scan.stl', 'scan.STL', 'scan.ply', 'scan.obj', 'scan.png');

function checkParse(bytes: Uint8Array, fileName?: string): void {
  const started = performance.now();
  try {
    const result = parseMesh(bytes, { fileName, maxTriangles: 100_000 });
    expect(result.positions).toBeInstanceOf(Float32Array);
    expect(result.positions.length).toBe(result.triangleCount * 9);
    expect(['stl-binary', 'stl-ascii', 'ply', 'obj']).toContain(result.format);
    for (const v of result.positions) expect(Number.isFinite(v)).toBe(true);
  } catch (error) {
    if (!(error instanceof MeshError)) throw error;
    expect(['EMPTY', 'UNKNOWN_FORMAT', 'TRUNCATED', 'MALFORMED', 'TOO_LARGE']).toContain(error.code);
    expect(error.message.length).toBeGreaterThan(0);
  }
  expect(performance.now() - started).toBeLessThan(MAX_MS);
}

const text = (s: string) => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

const { mesh } = jawFixture({ triangles: 400 });
const validFiles = [
  writeBinaryStl(mesh),
  writeAsciiStl(mesh),
  writePly(mesh),
  writePly(mesh, { binary: true }),
  writePly(mesh, { binary: true, bigEndian: true }),
  writeObj(mesh),
];

const plyTypes = fc.constantFrom(
  'char',
  'uchar',
  'short',
  'ushort',
  'int',
  'uint',
  'float',
  'double',
  'float32',
  'uint8',
);
const plyHeader = fc
  .record({
    format: fc.constantFrom('ascii', 'binary_little_endian', 'binary_big_endian'),
    vertices: fc.nat({ max: 2_000_000_000 }),
    faces: fc.nat({ max: 2_000_000_000 }),
    extra: fc.array(plyTypes, { maxLength: 3 }),
    xType: plyTypes,
    countType: plyTypes,
    itemType: plyTypes,
  })
  .map(
    (h) =>
      `ply\nformat ${h.format} 1.0\nelement vertex ${h.vertices}\nproperty ${h.xType} x\nproperty float y\n` +
      `property float z\n${h.extra.map((t, i) => `property ${t} p${i}\n`).join('')}element face ${h.faces}\n` +
      `property list ${h.countType} ${h.itemType} vertex_indices\nend_header\n`,
  );

const asciiGarbage = fc
  .array(
    fc.constantFrom(
      'facet',
      'normal',
      'outer',
      'loop',
      'vertex',
      'endloop',
      'endfacet',
      'solid',
      'endsolid',
      '1',
      '-2.5e3',
      'nan',
      'x',
      '\n',
      ' ',
      '\t',
      '1e400',
    ),
    { maxLength: 300 },
  )
  .map((words) => words.join(' '));

const objGarbage = fc
  .array(
    fc.constantFrom(
      'v',
      'f',
      'vn',
      'vt',
      '1',
      '2',
      '-1',
      '3/4/5',
      '7//8',
      '0',
      '-9',
      '1.5',
      '#',
      '\n',
      '\r\n',
      ' ',
      'o x',
      'inf',
    ),
    { maxLength: 300 },
  )
  .map((words) => words.join(' '));

describe('parseMesh on hostile input', () => {
  it('random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4096 }), fileNames, (bytes, name) => checkParse(bytes, name)),
      { numRuns: 500 },
    );
  });

  it('valid files of every format cut at any length', () => {
    fc.assert(
      fc.property(fc.constantFrom(...validFiles), fc.nat(), fileNames, (file, at, name) => {
        checkParse(file.subarray(0, at % file.length), name);
      }),
      { numRuns: 500 },
    );
  });

  it('valid files with bytes overwritten', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...validFiles),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 20 }),
        (file, edits) => {
          const bytes = file.slice();
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          checkParse(bytes);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('random PLY headers with garbage bodies', () => {
    fc.assert(
      fc.property(plyHeader, fc.uint8Array({ maxLength: 2048 }), (header, body) =>
        checkParse(concat(text(header), body)),
      ),
      { numRuns: 500 },
    );
  });

  it('binary STL headers declaring any count, with garbage bodies', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 0xffffffff }),
        fc.uint8Array({ maxLength: 2048 }),
        fc.boolean(),
        (count, body, exact) => {
          const header = new Uint8Array(84);
          header.set(text('solid binary'));
          new DataView(header.buffer).setUint32(80, exact ? Math.floor(body.length / 50) : count, true);
          const sized = exact ? body.subarray(0, Math.floor(body.length / 50) * 50) : body;
          checkParse(concat(header, sized), 'scan.stl');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('ASCII STL and OBJ made of their own keywords in random order', () => {
    fc.assert(
      fc.property(asciiGarbage, (body) => checkParse(text(`solid x\n${body}\nendsolid x\n`))),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(objGarbage, (body) => checkParse(text(`v 0 0 0\nv 1 0 0\nv 0 1 0\n${body}`), 'scan.obj')),
      { numRuns: 500 },
    );
  });
});
