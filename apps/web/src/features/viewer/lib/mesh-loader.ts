import type { MeshErrorCode } from '@cuspid/mesh';
import type {
  DeviationRequest,
  DeviationResult,
  MeshRequest,
  MeshWorkerRequest,
  MeshWorkerResponse,
  PreparedMesh,
  QualityEdges,
  QualityEdgesRequest,
} from './mesh-messages';

/**
 * A job of the mesh worker that failed (a scan that could not be prepared, an analysis that could not be done),
 * with the mesh package's code (INTERNAL for anything else).
 */
export class MeshLoadError extends Error {
  override readonly name = 'MeshLoadError';
  readonly code: MeshErrorCode | 'INTERNAL';

  constructor(code: MeshErrorCode | 'INTERNAL', message: string) {
    super(message);
    this.code = code;
  }
}

export type MeshLoadOptions = { fileName?: string; onProgress?: (fraction: number) => void; signal?: AbortSignal };

/** Turns a scan file's bytes into a mesh ready for the GPU. The buffer is handed over: the caller loses it. */
export type MeshLoader = (buffer: ArrayBuffer, options?: MeshLoadOptions) => Promise<PreparedMesh>;

let nextId = 1;

/** Waits for the answer to one request, whoever runs it (the worker, or the same code inline). */
export function settleMeshResponse(
  id: number,
  response: MeshWorkerResponse,
  onProgress: ((fraction: number) => void) | undefined,
): PreparedMesh | MeshLoadError | null {
  if (response.id !== id) return null;
  if (response.type === 'progress') {
    onProgress?.(response.fraction);
    return null;
  }
  if (response.type === 'error') return new MeshLoadError(response.code, response.message);
  if (response.type !== 'mesh') return null;
  const { type: _type, id: _id, ...mesh } = response;
  return mesh;
}

type Settle<T> = (response: MeshWorkerResponse) => T | MeshLoadError | null;

/**
 * Runs one request in a Web Worker of its own (two jaws load in parallel), ended once it has answered or the
 * signal aborts. `transfer` lists the buffers handed over with the request.
 */
function runInWorker<T>(
  request: MeshWorkerRequest,
  transfer: Transferable[],
  settle: Settle<T>,
  signal: AbortSignal | undefined,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const worker = new Worker(new URL('./mesh.worker.ts', import.meta.url), { type: 'module' });
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', handleAbort);
    };
    const handleAbort = () => {
      finish();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', handleAbort, { once: true });
    worker.onmessage = (event: MessageEvent<MeshWorkerResponse>) => {
      const settled = settle(event.data);
      if (!settled) return;
      finish();
      if (settled instanceof MeshLoadError) reject(settled);
      else resolve(settled);
    };
    worker.onerror = (event) => {
      finish();
      reject(new MeshLoadError('INTERNAL', event.message || 'The mesh worker failed'));
    };
    worker.postMessage(request, transfer);
  });
}

/** Prepares each scan in a Web Worker of its own (two jaws in parallel), ended once it has answered. */
export const loadMeshInWorker: MeshLoader = (buffer, options = {}) => {
  const id = nextId++;
  const request: MeshRequest = { type: 'prepare', id, buffer, fileName: options.fileName };
  return runInWorker(
    request,
    [buffer],
    (response) => settleMeshResponse(id, response, options.onProgress),
    options.signal,
  );
};

/** The answer of an analysis job: its failure, its result as `pick` reads it, or nothing yet (null). */
function settleAnalysis<T>(
  id: number,
  response: MeshWorkerResponse,
  pick: (response: MeshWorkerResponse) => T | null,
): T | MeshLoadError | null {
  if (response.id !== id) return null;
  if (response.type === 'error') return new MeshLoadError(response.code, response.message);
  return pick(response);
}

export type DeviationJobOptions = {
  /** mm; vertices farther from the reference come back NaN (no counterpart). Default 5 mm. */
  maxDistance?: number;
  signal?: AbortSignal;
};

/**
 * Signed distance of each vertex of `measured` to the surface of `reference` (mm, positive outside), measured
 * in a Web Worker. The meshes stay the caller's: the worker gets copies of the arrays it reads.
 */
export function computeDeviationInWorker(
  measured: PreparedMesh,
  reference: PreparedMesh,
  options: DeviationJobOptions = {},
): Promise<DeviationResult> {
  const id = nextId++;
  const request: DeviationRequest = {
    type: 'deviation',
    id,
    measured: { positions: measured.positions.slice() },
    reference: { positions: reference.positions.slice(), indices: reference.indices.slice() },
    maxDistance: options.maxDistance,
  };
  const transfer = [
    request.measured.positions.buffer,
    request.reference.positions.buffer,
    request.reference.indices.buffer,
  ];
  return runInWorker(
    request,
    transfer as ArrayBuffer[],
    (response) =>
      settleAnalysis(id, response, (r) =>
        r.type === 'deviation' ? { distances: r.distances, summary: r.summary } : null,
      ),
    options.signal,
  );
}

/**
 * The boundary and non-manifold edges of a mesh as line segments, found in a Web Worker. The mesh stays the
 * caller's: the worker gets copies of its positions and indices.
 */
export function findQualityEdgesInWorker(
  mesh: PreparedMesh,
  options: { signal?: AbortSignal } = {},
): Promise<QualityEdges> {
  const id = nextId++;
  const request: QualityEdgesRequest = {
    type: 'quality-edges',
    id,
    positions: mesh.positions.slice(),
    indices: mesh.indices.slice(),
  };
  return runInWorker(
    request,
    [request.positions.buffer as ArrayBuffer, request.indices.buffer as ArrayBuffer],
    (response) =>
      settleAnalysis(id, response, (r) =>
        r.type === 'quality-edges'
          ? {
              boundary: r.boundary,
              nonManifold: r.nonManifold,
              boundaryCount: r.boundaryCount,
              nonManifoldCount: r.nonManifoldCount,
            }
          : null,
      ),
    options.signal,
  );
}
