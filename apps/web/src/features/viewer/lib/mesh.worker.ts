// The mesh worker: reads scan files and analyses meshes off the main thread, so that the page stays responsive
// on large scans. Each worker does one job and is ended by the page once it has answered.
import type { MeshWorkerRequest, MeshWorkerResponse } from './mesh-messages';
import { prepareMesh, toMeshFailure } from './prepare-mesh';

// The web's TypeScript setup knows the window's globals only; these two are the worker scope's.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<MeshWorkerRequest>) => void) | null;
  postMessage(message: MeshWorkerResponse, transfer: Transferable[]): void;
};

const post = (message: MeshWorkerResponse, transfer: Transferable[]) => scope.postMessage(message, transfer);

scope.onmessage = ({ data: request }) => {
  switch (request.type) {
    case 'deviation':
    case 'quality-edges': {
      const job = request;
      import('./analysis-jobs').then(
        (jobs) => jobs.runAnalysisJob(job, post),
        (error: unknown) => post(toMeshFailure(job.id, error), []),
      );
      return;
    }
    default:
      // 'prepare', or no type: a request from before the worker had other jobs.
      prepareMesh(request, post);
  }
};
