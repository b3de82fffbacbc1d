import { writeBinaryStl } from '@cuspid/mesh';
import { jawFixture } from '@cuspid/mesh/testing';
import { describe, expect, it } from 'vitest';
import { prepareJaw } from './reference-jaw';

/** The fixture jaw as a 3Shape export: the teeth along +y, the front to −z. */
function yUp(mesh: { positions: Float32Array; indices: Uint32Array }) {
  const positions = new Float32Array(mesh.positions.length);
  for (let i = 0; i < positions.length; i += 3) {
    positions[i] = mesh.positions[i]!;
    positions[i + 1] = mesh.positions[i + 2]!;
    positions[i + 2] = -mesh.positions[i + 1]!;
  }
  return { positions, indices: mesh.indices };
}

describe('the reference engine: the anatomical frame in the quality report', () => {
  it('reports the same width × depth × height for a y-up and a z-up export of one jaw', async () => {
    const { mesh } = jawFixture({ jaw: 'lower', triangles: 8000 });
    const zUp = await prepareJaw(writeBinaryStl(mesh), 'lower.stl', 'lower');
    const yUpResult = await prepareJaw(writeBinaryStl(yUp(mesh)), 'lower.stl', 'lower');
    // The scanner's box differs (height along z, then along y) …
    expect(zUp.quality!.bounding_box.size[2]).toBeCloseTo(20, 0);
    expect(yUpResult.quality!.bounding_box.size[1]).toBeCloseTo(20, 0);
    // … the anatomical one does not: 55 mm wide, 50 mm deep, 20 mm high.
    for (const result of [zUp, yUpResult]) {
      const frame = result.quality!.frame!;
      expect(frame.size[0]).toBeCloseTo(55, 0);
      expect(frame.size[1]).toBeCloseTo(50, 0);
      expect(frame.size[2]).toBeCloseTo(20, 0);
      expect(frame.confidence).toBeGreaterThan(0.3);
    }
    expect(zUp.quality!.frame!.occlusal.map((v) => Math.round(v) + 0)).toEqual([0, 0, 1]);
    expect(zUp.quality!.frame!.anterior.map((v) => Math.round(v) + 0)).toEqual([0, 1, 0]);
    expect(yUpResult.quality!.frame!.occlusal.map((v) => Math.round(v) + 0)).toEqual([0, 1, 0]);
    expect(yUpResult.quality!.frame!.anterior.map((v) => Math.round(v) + 0)).toEqual([0, 0, -1]);
    expect(yUpResult.quality!.frame!.right.map((v) => Math.round(v) + 0)).toEqual([1, 0, 0]);
  });
});
