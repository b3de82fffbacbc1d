import type { MeshErrorCode } from '@cuspid/mesh';

/** A scan file for the mesh worker: its bytes, handed over (transferred), and its name as a format hint. */
export type MeshRequest = { id: number; buffer: ArrayBuffer; fileName?: string };

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
};

export type MeshReady = { type: 'mesh'; id: number } & PreparedMesh;

/** A file that cannot be read: the mesh package's error code, or INTERNAL for anything else. */
export type MeshFailure = { type: 'error'; id: number; code: MeshErrorCode | 'INTERNAL'; message: string };

export type MeshResponse = MeshProgress | MeshReady | MeshFailure;
