import { describe, expect, it } from 'vitest';
import { checkScan, SCAN_CHECK_MIN_HEAD_BYTES, SCAN_CHECK_TAIL_BYTES, type ScanCheck } from './check';
import { parseMesh } from './parse';
import { jawFixture } from './testing/jaw-fixture';
import { writeAsciiStl, writeBinaryStl, writeObj, writePly } from './writers';

const text = (s: string) => new TextEncoder().encode(s);
const small = jawFixture({ triangles: 2000 }).mesh;
// Larger than the 1 MB head the checks below read of it: checked by its start and end.
const large = jawFixture({ triangles: 60_000 }).mesh;

/** The check of a whole file (all of it in `head`). */
const checkWhole = (bytes: Uint8Array, fileName: string) => checkScan({ size: bytes.length, head: bytes, fileName });

/** The check of a file read as a server reads a large one: its first MB and its last 64 KB. */
function checkWindowed(bytes: Uint8Array, fileName: string, deadline?: number) {
  expect(bytes.length).toBeGreaterThan(SCAN_CHECK_MIN_HEAD_BYTES);
  return checkScan({
    size: bytes.length,
    head: bytes.subarray(0, SCAN_CHECK_MIN_HEAD_BYTES),
    tail: bytes.subarray(bytes.length - SCAN_CHECK_TAIL_BYTES),
    fileName,
    deadline,
  });
}

function refusal(check: ScanCheck) {
  expect(check.ok).toBe(false);
  return check as Extract<ScanCheck, { ok: false }>;
}

const PNG = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  13,
  73,
  72,
  68,
  82,
  ...new Array(200).fill(7),
]);

const DCM_XML = text(
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- 3Shape -->\r\n<HPS version="1.1">\r\n  <Packed_geometry>\r\n' +
    '    <Schema>CE</Schema>\r\n    <Binary_data><CE version="1.0"><Vertices base64_encoded_bytes="36" vertex_count="3">' +
    'AAAAAAAAAAAAAAAAAACAPwAAAAAAAAAAAAAAAAAAgD8AAAAA</Vertices></CE></Binary_data>\r\n  </Packed_geometry>\r\n</HPS>\r\n',
);

/** A ZIP's first local file header naming `name` (what a DCM wrapped in an archive starts with). */
function zipStartingWith(name: string): Uint8Array {
  const bytes = new Uint8Array(30 + name.length + 64);
  bytes.set([0x50, 0x4b, 0x03, 0x04, 20, 0]);
  bytes[26] = name.length;
  bytes.set(text(name), 30);
  return bytes;
}

describe('checkScan: what is no scan', () => {
  it('tells a 3Shape DCM by its HPS XML, by an archive holding one, and by its name', () => {
    for (const [bytes, name] of [
      [DCM_XML, 'Patient UpperJaw.stl'],
      [text(`\uFEFF  <HPS>\n<Packed_geometry/></HPS>`), 'upper.ply'],
      [zipStartingWith('Export/UpperJaw.dcm'), 'upper.stl'],
      [zipStartingWith('scan.hps'), 'upper.obj'],
      [writeBinaryStl(small), 'Patient UpperJaw.DCM'],
    ] as const) {
      const check = refusal(checkWhole(bytes, name));
      expect(check).toMatchObject({ reason: 'DCM', format: null });
      expect(check.message).toBe(
        "DCM is 3Shape's encrypted format: export the scan as STL or PLY from your scanner software.",
      );
    }
    // A DICOM image (a CBCT volume's slice, named .dcm as well) is no 3Shape file; XML that is not HPS, and an
    // archive of other files, are simply no mesh.
    const dicom = new Uint8Array(400);
    dicom.set(text('DICM'), 128);
    expect(refusal(checkWhole(dicom, 'CBCT 001.dcm')).reason).toBe('NOT_A_MESH');
    expect(refusal(checkWhole(text('<?xml version="1.0"?><HPSX/>'), 'a.stl')).reason).toBe('NOT_A_MESH');
    expect(refusal(checkWhole(zipStartingWith('word/document.xml'), 'a.stl')).reason).toBe('NOT_A_MESH');
  });

  it('refuses an image renamed .stl, and text that is no mesh', () => {
    expect(refusal(checkWhole(PNG, 'upper.stl'))).toMatchObject({ reason: 'NOT_A_MESH', format: null });
    expect(refusal(checkWhole(text('Hello,\nthis is a letter.\n'), 'upper.obj')).reason).toBe('NOT_A_MESH');
  });

  it('refuses a binary STL whose count declares more triangles than its bytes hold', () => {
    const bytes = writeBinaryStl(small);
    const cut = bytes.subarray(0, 84 + 50 * 700 + 20);
    expect(refusal(checkWhole(cut, 'upper.stl'))).toMatchObject({
      reason: 'CUT_SHORT',
      format: 'stl-binary',
      message: `The STL file is cut short: it declares ${(small.indices.length / 3).toLocaleString('en-US')} triangles but holds only 700.`,
    });
    // The same, read as a large file is (the count is checked against the size, not against what was read).
    const largeStl = writeBinaryStl(large);
    const cutLarge = largeStl.subarray(0, largeStl.length - 1000);
    expect(refusal(checkWindowed(cutLarge, 'upper.stl')).reason).toBe('CUT_SHORT');
  });

  it('refuses files without a surface: an empty solid, an OBJ of comments, a PLY point cloud, faces of two corners', () => {
    const header = new Uint8Array(84);
    expect(refusal(checkWhole(header, 'upper.stl'))).toMatchObject({ reason: 'NO_TRIANGLES', format: 'stl-binary' });
    expect(refusal(checkWhole(text('solid empty\nendsolid empty\n'), 'upper.stl')).reason).toBe('NO_TRIANGLES');
    expect(refusal(checkWhole(text('# exported by a scanner\n\n'), 'upper.obj'))).toMatchObject({
      reason: 'NO_TRIANGLES',
      format: 'obj',
    });
    expect(refusal(checkWhole(text('o upper\nv 0 0 0\nv 1 0 0\n'), 'upper.obj')).reason).toBe('NO_TRIANGLES');
    const cloud = text(
      'ply\nformat ascii 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\nend_header\n0 0 0\n1 1 1\n',
    );
    expect(refusal(checkWhole(cloud, 'upper.ply'))).toMatchObject({
      reason: 'NO_TRIANGLES',
      message: 'The PLY file has 2 vertices but no faces (a point cloud).',
    });
    const lines = text(
      'ply\nformat ascii 1.0\nelement vertex 2\nproperty float x\nproperty float y\nproperty float z\n' +
        'element face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 1 1\n2 0 1\n',
    );
    expect(refusal(checkWhole(lines, 'upper.ply')).reason).toBe('NO_TRIANGLES');
  });

  it('refuses a PLY whose counts need more bytes than it has, and an ASCII STL that stops between two facets', () => {
    const ply = writePly(small, { binary: true });
    expect(refusal(checkWhole(ply.subarray(0, ply.length - 100), 'upper.ply'))).toMatchObject({
      reason: 'CUT_SHORT',
      format: 'ply',
    });
    const stl = new TextDecoder().decode(writeAsciiStl(small));
    const betweenFacets = stl.slice(0, stl.indexOf('endfacet', stl.length / 2) + 'endfacet\n'.length);
    // The parser alone reads this as a smaller mesh; the missing end is what tells the cut.
    expect(parseMesh(text(betweenFacets)).triangleCount).toBeGreaterThan(0);
    expect(refusal(checkWhole(text(betweenFacets), 'upper.stl'))).toMatchObject({
      reason: 'CUT_SHORT',
      format: 'stl-ascii',
    });
  });

  it('refuses malformed content with the line, in the part it reads', () => {
    const obj = new TextDecoder().decode(writeObj(small)).replace('\nv ', '\nv 1.5 nonsense 2\nv ');
    expect(refusal(checkWhole(text(obj), 'upper.obj'))).toMatchObject({
      reason: 'MALFORMED',
      message: expect.stringContaining('line'),
    });
    // A coordinate that is no number in the last triangles of a large binary STL (read from its end).
    const stl = writeBinaryStl(large);
    new DataView(stl.buffer).setFloat32(stl.length - 30, Number.NaN, true);
    expect(refusal(checkWindowed(stl, 'upper.stl')).reason).toBe('MALFORMED');
  });

  it('refuses more triangles than can be processed', () => {
    const bytes = writeBinaryStl(small);
    expect(refusal(checkScan({ size: bytes.length, head: bytes, maxTriangles: 100 })).reason).toBe(
      'TOO_MANY_TRIANGLES',
    );
  });
});

describe('checkScan: scans', () => {
  it('accepts small STL (binary and ASCII), PLY (binary and ASCII) and OBJ files, read whole', () => {
    const triangles = small.indices.length / 3;
    for (const [bytes, name, format] of [
      [writeBinaryStl(small), 'upper.stl', 'stl-binary'],
      [writeBinaryStl(small, { header: 'solid exported in binary' }), 'upper.stl', 'stl-binary'],
      [writeAsciiStl(small), 'upper.stl', 'stl-ascii'],
      [writePly(small, { binary: true }), 'upper.ply', 'ply'],
      [writePly(small, { binary: false }), 'upper.ply', 'ply'],
      [writeObj(small), 'upper.obj', 'obj'],
    ] as const) {
      expect(checkWhole(bytes, name), `${format} ${name}`).toEqual({
        ok: true,
        format,
        triangles,
        parsed: 1,
        outOfTime: false,
      });
    }
  });

  it('accepts a large file of every format by its start (and a STL by its end), parsing no more than its head', () => {
    for (const [bytes, name, format] of [
      [writeBinaryStl(large), 'upper.stl', 'stl-binary'],
      [writeAsciiStl(large), 'upper.stl', 'stl-ascii'],
      [writePly(large, { binary: true }), 'upper.ply', 'ply'],
      [writePly(large, { binary: false }), 'upper.ply', 'ply'],
      [writeObj(large), 'upper.obj', 'obj'],
    ] as const) {
      const check = checkWindowed(bytes, name);
      expect(check, `${format}`).toMatchObject({ ok: true, format, outOfTime: false });
      expect((check as { parsed: number }).parsed).toBeCloseTo(SCAN_CHECK_MIN_HEAD_BYTES / bytes.length, 5);
    }
  });

  it('leaves what it does not read to the engine: a fault in the middle of a large file passes', () => {
    const obj = new TextDecoder().decode(writeObj(large));
    const middle = obj.indexOf('\nf ', obj.length / 2);
    const faulty = text(`${obj.slice(0, middle)}\nf 1 nonsense 3${obj.slice(middle)}`);
    expect(() => parseMesh(faulty)).toThrow('line');
    expect(checkWindowed(faulty, 'upper.obj').ok).toBe(true);
  });

  it('stops at the deadline and accepts what it read by then', () => {
    const bytes = writeAsciiStl(large);
    const check = checkScan({
      size: bytes.length,
      head: bytes,
      fileName: 'upper.stl',
      deadline: performance.now() - 1,
    });
    expect(check).toMatchObject({ ok: true, format: 'stl-ascii', outOfTime: true });
    // The parser reports its progress every megabyte of text: it stopped at the first report.
    expect((check as { parsed: number }).parsed).toBeLessThan(0.2);
  });
});

describe('parseMesh of the start of a file (partial)', () => {
  it('reads the triangles before the cut, the same as the whole file has, in every format', () => {
    const whole = parseMesh(writeBinaryStl(small)).positions;
    for (const [bytes, name] of [
      [writeBinaryStl(small), 'upper.stl'],
      [writeAsciiStl(small), 'upper.stl'],
      [writePly(small, { binary: true }), 'upper.ply'],
      [writePly(small, { binary: false }), 'upper.ply'],
      [writeObj(small), 'upper.obj'],
    ] as const) {
      const format = parseMesh(bytes, { fileName: name }).format;
      const start = parseMesh(bytes.subarray(0, Math.floor(bytes.length * 0.7)), { format, partial: true });
      expect(start.triangleCount, format).toBeGreaterThan(0);
      expect(start.triangleCount, format).toBeLessThan(whole.length / 9);
      expect(Array.from(start.positions), format).toEqual(Array.from(whole.subarray(0, start.positions.length)));
    }
  });

  it('still refuses what is malformed before the cut', () => {
    const stl = new TextDecoder().decode(writeAsciiStl(small)).replace('vertex', 'vertx');
    expect(() => parseMesh(text(stl).subarray(0, 5000), { format: 'stl-ascii', partial: true })).toThrow('line');
  });
});
