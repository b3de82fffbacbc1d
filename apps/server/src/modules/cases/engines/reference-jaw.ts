import type { Jaw, ScanQuality } from '@cuspid/contracts/cases';
import {
  analyzeMesh,
  assessJawScan,
  type IndexedMesh,
  isMeshError,
  type MeshReport,
  parseMesh,
  repairMesh,
  weldMesh,
  writePly,
} from '@cuspid/mesh';
import { simplifyMesh } from '@cuspid/mesh/simplify';
import type { EngineOutcome, ProducedFile } from '../cases.engine';

/** The preview mesh the viewer opens first has at most this many triangles. */
export const PREVIEW_TRIANGLES = 100_000;
/**
 * A preview is made only when it saves something: a scan within the budget is its own preview, and a decimation
 * keeping 80 % of the triangles or more is not worth a second download (nor a second copy in the ZIP).
 */
export const PREVIEW_MAX_SHARE = 0.8;

/** The decimated preview of a repaired mesh, or null when the mesh is small enough to be shown itself. */
export async function makePreview(repaired: IndexedMesh): Promise<IndexedMesh | null> {
  if (repaired.indices.length / 3 <= PREVIEW_TRIANGLES) return null;
  const preview = (await simplifyMesh(repaired, { targetTriangles: PREVIEW_TRIANGLES, lockBorder: true })).mesh;
  return preview.indices.length < PREVIEW_MAX_SHARE * repaired.indices.length ? preview : null;
}

export function toQuality(format: string, report: MeshReport): ScanQuality {
  return {
    format,
    triangles: report.triangles,
    vertices: report.vertices,
    bounding_box: {
      min: [...report.boundingBox.min],
      max: [...report.boundingBox.max],
      size: [...report.boundingBox.size],
    },
    surface_area: report.surfaceArea,
    boundary_edges: report.boundaryEdges,
    holes: report.holes,
    non_manifold_edges: report.nonManifoldEdges,
    duplicate_faces: report.duplicateFaces,
    degenerate_faces: report.degenerateFaces,
    boundary_loops: report.boundaryLoops,
    border_edges: report.borderEdges,
    border_length: report.borderLength,
    largest_hole_edges: report.largestHoleEdges,
  };
}

/** One jaw's outcome and the files made of it. */
export type JawResult = EngineOutcome['jaws'][number] & { files: ProducedFile[] };

/**
 * One jaw: parse (packages/mesh, the same parser as the browser's viewer), weld, analyse, judge whether it is
 * a plausible jaw scan; if it is, repair it (degenerate and duplicate faces, unused vertices, small holes) and, for a
 * scan over the preview budget, decimate a preview with meshoptimizer. A file that is no mesh at all, or no plausible jaw, is unsupported with the
 * reason; any other error is thrown, and the attempt is retried. Pure: runs in a worker thread (reference-jaw.worker.ts).
 */
export async function prepareJaw(bytes: Uint8Array, fileName: string, jaw: Jaw): Promise<JawResult> {
  let parsed: ReturnType<typeof parseMesh>;
  try {
    parsed = parseMesh(bytes, { fileName });
  } catch (err) {
    if (isMeshError(err)) return { jaw, status: 'unsupported', reason: err.message, files: [] };
    throw err;
  }
  const welded = weldMesh(parsed);
  const report = analyzeMesh(welded);
  const quality = toQuality(parsed.format, report);
  const assessment = assessJawScan(report);
  if (!assessment.ok) return { jaw, status: 'unsupported', reason: assessment.message, quality, files: [] };
  // Holes up to MAX_FILLED_HOLE_EDGES are filled; the report says how many, and how many were too large.
  const repair = repairMesh(welded);
  const repaired = repair.mesh;
  quality.holes_filled = repair.holes.filled;
  quality.holes_too_large = repair.holes.tooLarge;
  quality.max_filled_hole_edges = repair.holes.maxHoleEdges;
  const preview = await makePreview(repaired);
  quality.preview_triangles = preview ? preview.indices.length / 3 : null;
  return {
    jaw,
    status: 'done',
    quality,
    files: [
      {
        kind: 'mesh',
        jaw,
        fileName: `${jaw}-repaired.ply`,
        contentType: 'application/ply',
        body: writePly(repaired, { binary: true }),
      },
      ...(preview
        ? [
            {
              kind: 'preview' as const,
              jaw,
              fileName: `${jaw}-preview.ply`,
              contentType: 'application/ply',
              body: writePly(preview, { binary: true }),
            },
          ]
        : []),
    ],
  };
}
