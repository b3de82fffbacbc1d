import { computeVertexNormals } from '@cuspid/mesh';
import { jawFixture } from '@cuspid/mesh/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runAnalysisJob } from './analysis-jobs';
import { computeDeviationInWorker, findQualityEdgesInWorker, MeshLoadError } from './mesh-loader';
import type { MeshWorkerRequest, MeshWorkerResponse, PreparedMesh } from './mesh-messages';
import { prepareMesh } from './prepare-mesh';

/**
 * happy-dom has no Web Worker: this one runs the worker's code on the next tick. Messages cross as they would
 * between threads (structured clone): transferred buffers are detached on the sending side.
 */
class InlineWorker {
  static created: InlineWorker[] = [];
  onmessage: ((event: MessageEvent<MeshWorkerResponse>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  isTerminated = false;
  transferred: Transferable[] = [];

  constructor() {
    InlineWorker.created.push(this);
  }

  postMessage(request: MeshWorkerRequest, transfer: Transferable[]) {
    this.transferred = transfer;
    const received = structuredClone(request, { transfer });
    const post = (message: MeshWorkerResponse, answerTransfer: Transferable[]) => {
      if (this.isTerminated) return;
      this.onmessage?.({ data: structuredClone(message, { transfer: answerTransfer }) } as MessageEvent);
    };
    setTimeout(() => {
      if (received.type === 'deviation' || received.type === 'quality-edges') runAnalysisJob(received, post);
      else prepareMesh(received, post);
    });
  }

  terminate() {
    this.isTerminated = true;
  }
}

function preparedJaw(lift = 0): PreparedMesh {
  const { mesh } = jawFixture({ triangles: 2000 });
  const positions = mesh.positions.slice();
  for (let i = 2; i < positions.length; i += 3) positions[i]! += lift;
  const indices = mesh.indices.slice();
  return {
    positions,
    indices,
    normals: computeVertexNormals({ positions, indices }),
    boundingBox: { min: [0, 0, 0], max: [0, 0, 0] },
    triangleCount: indices.length / 3,
    vertexCount: positions.length / 3,
  };
}

beforeEach(() => {
  InlineWorker.created = [];
  vi.stubGlobal('Worker', InlineWorker);
  // The stand-in needs no module address. happy-dom's URL refuses a file: base once another test file of the same
  // worker (isolate: false) has torn down its window.
  vi.stubGlobal(
    'URL',
    class {
      constructor(readonly href: string) {}
    },
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('computeDeviationInWorker', () => {
  it('measures in a worker of its own, sends copies (the meshes stay usable) and ends the worker', async () => {
    const measured = preparedJaw(0.05);
    const reference = preparedJaw();
    const result = await computeDeviationInWorker(measured, reference, { maxDistance: 2 });
    expect(result.distances).toHaveLength(measured.vertexCount);
    expect(result.summary.max).toBeCloseTo(0.05, 4);
    expect(Object.keys(result).sort()).toEqual(['distances', 'summary']);
    // What the page draws is not detached: only the copies went over.
    for (const array of [measured.positions, reference.positions, reference.indices]) {
      expect(array.byteLength).toBeGreaterThan(0);
    }
    const [worker] = InlineWorker.created;
    expect(worker!.transferred).toHaveLength(3);
    expect(worker!.transferred).not.toContain(measured.positions.buffer);
    expect(worker!.isTerminated).toBe(true);
  });

  it('stops the worker and rejects when aborted; an aborted signal starts none', async () => {
    const controller = new AbortController();
    const running = computeDeviationInWorker(preparedJaw(0.1), preparedJaw(), { signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(InlineWorker.created[0]!.isTerminated).toBe(true);

    await expect(
      computeDeviationInWorker(preparedJaw(), preparedJaw(), { signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(InlineWorker.created).toHaveLength(1);
  });

  it('rejects with a MeshLoadError when the job fails', async () => {
    const broken = { ...preparedJaw(), indices: new Uint32Array([0, 1, 999_999]) };
    const failed = computeDeviationInWorker(preparedJaw(), broken);
    await expect(failed).rejects.toBeInstanceOf(MeshLoadError);
    await expect(failed).rejects.toMatchObject({ code: 'INTERNAL' });
  });
});

describe('findQualityEdgesInWorker', () => {
  it('finds the edges in a worker of its own from copies, and ends the worker', async () => {
    const mesh = preparedJaw();
    const edges = await findQualityEdgesInWorker(mesh);
    expect(edges.boundaryCount).toBeGreaterThan(0);
    expect(edges.boundary).toHaveLength(edges.boundaryCount * 6);
    expect(edges).toMatchObject({ nonManifoldCount: 0, nonManifold: new Float32Array(0) });
    expect(mesh.positions.byteLength).toBeGreaterThan(0);
    expect(mesh.indices.byteLength).toBeGreaterThan(0);
    expect(InlineWorker.created[0]!.isTerminated).toBe(true);
  });
});
