// The mesh worker's analyses, apart from reading scans: loaded by the worker on first use, so that reading a
// scan never waits for three.js and the BVH code only these need.
import { computeDeviation } from './deviation';
import type { DeviationRequest, MeshWorkerResponse, QualityEdgesRequest } from './mesh-messages';
import { toMeshFailure } from './prepare-mesh';
import { findQualityEdges } from './quality-edges';

export type PostMeshWorkerResponse = (message: MeshWorkerResponse, transfer: Transferable[]) => void;

/** Measures the deviation of the request's measured mesh from its reference; the distances are handed over. */
export function runDeviationJob(request: DeviationRequest, post: PostMeshWorkerResponse): void {
  const { id } = request;
  try {
    const { distances, summary } = computeDeviation(request.measured, request.reference, {
      maxDistance: request.maxDistance,
    });
    post({ type: 'deviation', id, distances, summary }, [distances.buffer as ArrayBuffer]);
  } catch (error) {
    post(toMeshFailure(id, error), []);
  }
}

/** Finds the boundary and non-manifold edges of the request's mesh; the segments are handed over. */
export function runQualityEdgesJob(request: QualityEdgesRequest, post: PostMeshWorkerResponse): void {
  const { id } = request;
  try {
    const edges = findQualityEdges(request);
    post({ type: 'quality-edges', id, ...edges }, [
      edges.boundary.buffer as ArrayBuffer,
      edges.nonManifold.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    post(toMeshFailure(id, error), []);
  }
}

/** Runs whichever analysis the request asks for. */
export function runAnalysisJob(request: DeviationRequest | QualityEdgesRequest, post: PostMeshWorkerResponse): void {
  if (request.type === 'deviation') runDeviationJob(request, post);
  else runQualityEdgesJob(request, post);
}
