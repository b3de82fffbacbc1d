import type { MeshErrorCode } from '@cuspid/mesh';

/**
 * A scan file for the mesh worker: its bytes, handed over (transferred), and its name as a format hint. The
 * worker reads a request without a type as this one (the first and, for a while, only job it had).
 */
export type MeshRequest = { type?: 'prepare'; id: number; buffer: ArrayBuffer; fileName?: string };

/** Where the preparation of a mesh stands, 0…1 (reading takes most of it, welding and normals the rest). */
export type MeshProgress = { type: 'progress'; id: number; fraction: number };

/** A mesh ready for the GPU: shared vertices, one normal per vertex, three indices per triangle. */
export type PreparedMesh = {
  positions: Float32Array;
  normals: Float32Array;
  indices: Uint32Array;
  boundingBox: { min: [number, number, number]; max: [number, number, number] };
  triangleCount: number;
  vertexCount: number;
  /**
   * The scan's anatomical frame (packages/mesh `findJawFrame`, as a lower jaw: crowns to +z), row-major: the
   * rotation from the file's axes to x the patient's right, y anterior, z the crowns (ADR 0117).
   */
  frame?: { matrix: [number, number, number, number, number, number, number, number, number]; confidence: number };
};

export type MeshReady = { type: 'mesh'; id: number } & PreparedMesh;

/** A job the worker could not do: the mesh package's error code, or INTERNAL for anything else. */
export type MeshFailure = { type: 'error'; id: number; code: MeshErrorCode | 'INTERNAL'; message: string };

export type MeshResponse = MeshProgress | MeshReady | MeshFailure;

/** Figures over the matched vertices of a deviation, mm (NaN when no vertex matched). */
export type DeviationSummary = {
  /** Most negative distance (deepest inside the reference), mm. */
  min: number;
  /** Most positive distance (farthest outside), mm. */
  max: number;
  meanAbs: number;
  rms: number;
  /** 95 % of the matched vertices lie within this distance of the reference, mm. */
  p95Abs: number;
  /** Vertices with a counterpart on the reference (a finite distance); the figures above are over these. */
  matched: number;
  /** Vertices farther than `maxDistance` from the reference (NaN). */
  unmatched: number;
};

/** Signed distances in mm, one per vertex of the measured mesh; NaN where the reference has no counterpart. */
export type DeviationResult = { distances: Float32Array; summary: DeviationSummary };

/**
 * Deviation of a measured mesh from a reference. The buffers are handed over: the sender keeps its own
 * arrays (on the GPU) and sends copies. Only what the job reads travels: the measured vertices, and the
 * reference's vertices and triangles.
 */
export type DeviationRequest = {
  type: 'deviation';
  id: number;
  measured: { positions: Float32Array };
  reference: { positions: Float32Array; indices: Uint32Array };
  maxDistance?: number;
};

export type DeviationReady = { type: 'deviation'; id: number } & DeviationResult;

/** Boundary and non-manifold edges as line segments (two points, six floats, per edge), ready to draw. */
export type QualityEdges = {
  boundary: Float32Array;
  nonManifold: Float32Array;
  boundaryCount: number;
  nonManifoldCount: number;
};

/** The open and the non-manifold edges of a mesh; its buffers are copies, handed over. */
export type QualityEdgesRequest = {
  type: 'quality-edges';
  id: number;
  positions: Float32Array;
  indices: Uint32Array;
};

export type QualityEdgesReady = { type: 'quality-edges'; id: number } & QualityEdges;

/** Everything the mesh worker is asked to do: read a scan, measure a deviation, find the quality edges. */
export type MeshWorkerRequest = MeshRequest | DeviationRequest | QualityEdgesRequest;

export type MeshWorkerResponse = MeshResponse | DeviationReady | QualityEdgesReady;

/**
 * Throws a RangeError unless the arrays describe a mesh: coordinates in triples, indices in triples that all
 * name a vertex. The jobs check what they receive: a wrong index would not fail, it would draw or measure
 * nonsense.
 */
export function checkMeshArrays(name: string, positions: Float32Array, indices?: Uint32Array): void {
  if (positions.length % 3 !== 0) throw new RangeError(`${name}: ${positions.length} coordinates are not triples`);
  if (!indices) return;
  if (indices.length % 3 !== 0) throw new RangeError(`${name}: ${indices.length} indices are not triangles`);
  const vertexCount = positions.length / 3;
  for (let i = 0; i < indices.length; i++) {
    if (indices[i]! >= vertexCount) throw new RangeError(`${name}: index ${indices[i]} beyond ${vertexCount} vertices`);
  }
}
