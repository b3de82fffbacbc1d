import { writeBinaryStl } from '@cuspid/mesh';
import { jawFixture, jawFixtureStl } from '@cuspid/mesh/testing';
import { describe, expect, it } from 'vitest';
import type { MeshFailure, MeshReady, MeshResponse } from './mesh-messages';
import { prepareMesh } from './prepare-mesh';

function run(bytes: Uint8Array, fileName?: string) {
  const posted: { message: MeshResponse; transfer: Transferable[] }[] = [];
  // The worker receives a buffer of its own (transferred): a copy of exactly the file's bytes.
  const buffer = bytes.slice().buffer;
  prepareMesh({ id: 7, buffer, fileName }, (message, transfer) => posted.push({ message, transfer }));
  return posted;
}

describe('prepareMesh (the mesh worker)', () => {
  it('answers a scan with indexed positions, normals and indices, handed over in the transfer list', () => {
    const posted = run(jawFixtureStl({ jaw: 'lower', triangles: 2000 }), 'lower.stl');
    const last = posted.at(-1)!;
    expect(last.message.type).toBe('mesh');
    const mesh = last.message as MeshReady;
    expect(mesh.id).toBe(7);
    expect(mesh.triangleCount).toBe(mesh.indices.length / 3);
    expect(mesh.triangleCount).toBeGreaterThanOrEqual(1900);
    // Welded: far fewer vertices than corners, every index within them.
    expect(mesh.vertexCount).toBeLessThan(mesh.triangleCount);
    expect(Math.max(...mesh.indices)).toBe(mesh.vertexCount - 1);
    expect(mesh.normals.length).toBe(mesh.positions.length);
    const [nx = 0, ny = 0, nz = 0] = mesh.normals;
    expect(Math.hypot(nx, ny, nz)).toBeCloseTo(1, 5);
    // The fixture's arch: 55 mm wide, 50 mm deep, 20 mm high, teeth up from z = 0.
    expect(mesh.boundingBox.min[0]).toBeCloseTo(-27.5, 1);
    expect(mesh.boundingBox.max[0]).toBeCloseTo(27.5, 1);
    expect(mesh.boundingBox.min[2]).toBeCloseTo(0, 3);
    expect(mesh.boundingBox.max[2]).toBeGreaterThan(15);
    expect(new Set(last.transfer)).toEqual(new Set([mesh.positions.buffer, mesh.normals.buffer, mesh.indices.buffer]));
    expect(last.transfer).toHaveLength(3);
  });

  it('finds the anatomical frame of a y-up export (3Shape): its teeth turned to +z, its front to +y', () => {
    const { mesh: zUp } = jawFixture({ jaw: 'lower', triangles: 3000 });
    const positions = new Float32Array(zUp.positions.length);
    for (let i = 0; i < positions.length; i += 3) {
      positions.set([zUp.positions[i]!, zUp.positions[i + 2]!, -zUp.positions[i + 1]!], i);
    }
    const yUp = run(writeBinaryStl({ positions, indices: zUp.indices }), 'lower.stl').at(-1)!.message as MeshReady;
    const m = yUp.frame!.matrix;
    // Rows: right, anterior, up in the file's axes; y up and −z to the front.
    expect(m.map((v) => Math.round(v) + 0)).toEqual([1, 0, 0, 0, 0, -1, 0, 1, 0]);
    expect(yUp.frame!.confidence).toBeGreaterThan(0.3);
    const same = run(writeBinaryStl(zUp), 'lower.stl').at(-1)!.message as MeshReady;
    expect(same.frame!.matrix.map((v) => Math.round(v) + 0)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  });

  it('reports rising progress before the mesh, ending near done', () => {
    const posted = run(jawFixtureStl({ triangles: 20_000 }));
    const fractions = posted
      .filter((p) => p.message.type === 'progress')
      .map((p) => (p.message as { fraction: number }).fraction);
    expect(fractions.length).toBeGreaterThanOrEqual(2);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBeGreaterThan(0.9);
    expect(fractions.at(-1)).toBeLessThan(1);
    expect(posted.every((p, i) => p.message.type === 'progress' || i === posted.length - 1)).toBe(true);
  });

  it.each([
    [
      'an image renamed .stl',
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]),
      'UNKNOWN_FORMAT',
    ],
    ['an empty file', new Uint8Array(0), 'EMPTY'],
    ['a binary STL cut short', jawFixtureStl({ triangles: 400 }).subarray(0, 2000), 'TRUNCATED'],
  ])('answers %s with the mesh error code', (_name, bytes, code) => {
    const posted = run(bytes, 'scan.stl');
    const last = posted.at(-1)!;
    expect(last.message).toMatchObject({ type: 'error', id: 7, code });
    expect((last.message as MeshFailure).message).not.toBe('');
    expect(last.transfer).toEqual([]);
  });
});
