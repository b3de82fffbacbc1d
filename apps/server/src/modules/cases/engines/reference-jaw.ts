import type { Jaw, ScanQuality } from '@cuspid/contracts/cases';
import {
  analyzeMesh,
  assessJawScan,
  findJawFrame,
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

/**
 * The scan's anatomical frame (ADR 0117) for the quality report: its axes in the scan's coordinates, and the
 * scan's width × depth × height in that frame (the same figures for a y-up and a z-up export of one jaw).
 */
export function toQualityFrame(mesh: IndexedMesh, jaw: Jaw): NonNullable<ScanQuality['frame']> {
  const frame = findJawFrame(mesh, { jaw });
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  const axes = [frame.right, frame.anterior, frame.occlusal];
  const { positions } = mesh;
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const p: [number, number, number] = [positions[i]!, positions[i + 1]!, positions[i + 2]!];
    for (let k = 0; k < 3; k++) {
      const a = axes[k]!;
      const value = p[0] * a[0] + p[1] * a[1] + p[2] * a[2];
      if (value < lo[k]!) lo[k] = value;
      if (value > hi[k]!) hi[k] = value;
    }
  }
  const round = (v: number) => Math.round(v * 1e6) / 1e6;
  return {
    occlusal: frame.occlusal.map(round),
    anterior: frame.anterior.map(round),
    right: frame.right.map(round),
    center: frame.center.map(round),
    size: positions.length >= 3 ? hi.map((h, k) => round(h - lo[k]!)) : [0, 0, 0],
    confidence: round(frame.confidence),
  };
}

export function toQuality(format: string, report: MeshReport, frame?: ScanQuality['frame']): ScanQuality {
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
    ...(frame ? { frame } : {}),
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
  const assessment = assessJawScan(report);
  const quality = toQuality(parsed.format, report, assessment.ok ? toQualityFrame(welded, jaw) : undefined);
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
