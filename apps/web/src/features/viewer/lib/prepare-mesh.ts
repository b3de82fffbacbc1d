import { computeVertexNormals, findJawFrame, isMeshError, parseMesh, weldMesh } from '@cuspid/mesh';
import type { MeshFailure, MeshRequest, MeshResponse, PreparedMesh } from './mesh-messages';

export type PostMeshResponse = (message: MeshResponse, transfer: Transferable[]) => void;

/** The answer of any of the worker's jobs that failed: a mesh error keeps its code, anything else is INTERNAL. */
export function toMeshFailure(id: number, error: unknown): MeshFailure {
  return isMeshError(error)
    ? { type: 'error', id, code: error.code, message: error.message }
    : { type: 'error', id, code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) };
}

// Reading the file is most of the work; welding and the normals share the rest.
const READ_SHARE = 0.8;
const WELD_DONE = 0.93;

function boundingBox(positions: Float32Array): PreparedMesh['boundingBox'] {
  if (positions.length < 3) return { min: [0, 0, 0], max: [0, 0, 0] };
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < positions.length; i += 3) {
    for (let axis = 0; axis < 3; axis++) {
      const value = positions[i + axis]!;
      if (value < min[axis]!) min[axis] = value;
      if (value > max[axis]!) max[axis] = value;
    }
  }
  return { min, max };
}

/**
 * The mesh worker's work for one file: read it with the same parser as the server, weld shared corners, compute
 * smooth normals, find its anatomical frame, and post the typed arrays back in the transfer list (handed over, never copied). Progress
 * comes as it goes; an unreadable file answers with its MeshError code.
 */
export function prepareMesh(request: MeshRequest, post: PostMeshResponse): void {
  const { id } = request;
  try {
    const soup = parseMesh(request.buffer, {
      fileName: request.fileName,
      onProgress: (fraction) => post({ type: 'progress', id, fraction: fraction * READ_SHARE }, []),
    });
    const welded = weldMesh(soup);
    post({ type: 'progress', id, fraction: WELD_DONE }, []);
    const normals = computeVertexNormals(welded);
    const { positions, indices } = welded;
    // Which way its teeth and its front point, whatever the scanner's axes.
    const { matrix, confidence } = findJawFrame(welded);
    const ready: MeshResponse = {
      type: 'mesh',
      id,
      positions,
      normals,
      indices,
      boundingBox: boundingBox(positions),
      triangleCount: indices.length / 3,
      vertexCount: positions.length / 3,
      frame: { matrix, confidence },
    };
    // A buffer may be listed once only.
    post(ready, [...new Set([positions.buffer, normals.buffer, indices.buffer])] as ArrayBuffer[]);
  } catch (error) {
    post(toMeshFailure(id, error), []);
  }
}
