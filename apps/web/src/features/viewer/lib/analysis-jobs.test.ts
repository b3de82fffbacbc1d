import { jawFixture } from '@cuspid/mesh/testing';
import { describe, expect, it } from 'vitest';
import { type PostMeshWorkerResponse, runAnalysisJob } from './analysis-jobs';
import { settleMeshResponse } from './mesh-loader';
import type {
  DeviationReady,
  DeviationRequest,
  MeshFailure,
  MeshWorkerResponse,
  QualityEdgesReady,
  QualityEdgesRequest,
} from './mesh-messages';

function run(request: DeviationRequest | QualityEdgesRequest) {
  const posted: { message: MeshWorkerResponse; transfer: Transferable[] }[] = [];
  const post: PostMeshWorkerResponse = (message, transfer) => posted.push({ message, transfer });
  runAnalysisJob(request, post);
  return posted;
}

/** A copy of the fixture's arrays, as the loader sends them (the page keeps its own). */
function jaw(lift = 0) {
  const { mesh } = jawFixture({ triangles: 3000 });
  const positions = mesh.positions.slice();
  for (let i = 2; i < positions.length; i += 3) positions[i]! += lift;
  return { positions, indices: mesh.indices.slice() };
}

describe('the mesh worker’s analyses', () => {
  it('answers a deviation request with one distance per vertex, handed over in the transfer list', () => {
    const measured = jaw(0.1);
    const reference = jaw();
    const posted = run({ type: 'deviation', id: 4, measured: { positions: measured.positions }, reference });
    expect(posted).toHaveLength(1);
    const { message, transfer } = posted[0]!;
    expect(message.type).toBe('deviation');
    const ready = message as DeviationReady;
    expect(ready.id).toBe(4);
    expect(ready.distances).toHaveLength(measured.positions.length / 3);
    // Lifted 0.1 mm: the top faces are 0.1 mm out, the vertical walls slide along themselves (0).
    expect(ready.summary.max).toBeCloseTo(0.1, 4);
    expect(ready.summary.min).toBeGreaterThan(-1e-4);
    expect(ready.summary.unmatched).toBe(0);
    expect(transfer).toEqual([ready.distances.buffer]);
  });

  it('passes maxDistance on: beyond it, no counterpart', () => {
    const posted = run({
      type: 'deviation',
      id: 5,
      measured: { positions: jaw(3).positions },
      reference: jaw(),
      maxDistance: 1,
    });
    const ready = posted[0]!.message as DeviationReady;
    expect(ready.summary.unmatched).toBeGreaterThan(0);
    expect(ready.summary.max).toBeLessThanOrEqual(1);
  });

  it('answers a quality-edges request with both segment sets, handed over', () => {
    const { positions, indices } = jaw();
    const posted = run({ type: 'quality-edges', id: 6, positions, indices });
    const { message, transfer } = posted[0]!;
    const ready = message as QualityEdgesReady;
    expect(ready).toMatchObject({ type: 'quality-edges', id: 6, nonManifoldCount: 0 });
    // The fixture's one boundary: the rim of its open base.
    expect(ready.boundaryCount).toBeGreaterThan(0);
    expect(ready.boundary).toHaveLength(ready.boundaryCount * 6);
    expect(new Set(transfer)).toEqual(new Set([ready.boundary.buffer, ready.nonManifold.buffer]));
    expect(transfer).toHaveLength(2);
  });

  it('answers a broken request with INTERNAL and transfers nothing', () => {
    const posted = run({
      type: 'quality-edges',
      id: 8,
      positions: new Float32Array(9),
      indices: new Uint32Array([0, 1, 7]),
    });
    expect(posted).toHaveLength(1);
    expect(posted[0]!.message).toMatchObject({ type: 'error', id: 8, code: 'INTERNAL' });
    expect((posted[0]!.message as MeshFailure).message).toMatch(/index 7/);
    expect(posted[0]!.transfer).toEqual([]);
  });

  it('keeps its answers apart from a scan’s: the loader of a scan ignores them', () => {
    const { positions, indices } = jaw();
    const [answer] = run({ type: 'quality-edges', id: 9, positions, indices });
    expect(settleMeshResponse(9, answer!.message, undefined)).toBeNull();
  });
});
