import type { MeshErrorCode } from '@cuspid/mesh';
import type { MeshRequest, MeshResponse, PreparedMesh } from './mesh-messages';

/** A scan that could not be prepared, with the mesh package's code (INTERNAL for anything else). */
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
  response: MeshResponse,
  onProgress: ((fraction: number) => void) | undefined,
): PreparedMesh | MeshLoadError | null {
  if (response.id !== id) return null;
  if (response.type === 'progress') {
    onProgress?.(response.fraction);
    return null;
  }
  if (response.type === 'error') return new MeshLoadError(response.code, response.message);
  const { type: _type, id: _id, ...mesh } = response;
  return mesh;
}

/** Prepares each scan in a Web Worker of its own (two jaws in parallel), ended once it has answered. */
export const loadMeshInWorker: MeshLoader = (buffer, options = {}) =>
  new Promise<PreparedMesh>((resolve, reject) => {
    const worker = new Worker(new URL('./mesh.worker.ts', import.meta.url), { type: 'module' });
    const id = nextId++;
    const finish = () => {
      worker.terminate();
      options.signal?.removeEventListener('abort', handleAbort);
    };
    const handleAbort = () => {
      finish();
      reject(options.signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    options.signal?.addEventListener('abort', handleAbort, { once: true });
    worker.onmessage = (event: MessageEvent<MeshResponse>) => {
      const settled = settleMeshResponse(id, event.data, options.onProgress);
      if (!settled) return;
      finish();
      if (settled instanceof MeshLoadError) reject(settled);
      else resolve(settled);
    };
    worker.onerror = (event) => {
      finish();
      reject(new MeshLoadError('INTERNAL', event.message || 'The mesh worker failed'));
    };
    const request: MeshRequest = { id, buffer, fileName: options.fileName };
    worker.postMessage(request, [buffer]);
  });
