import type { Jaw, ScanQuality } from '@cuspid/contracts/cases';
import {
  analyzeMesh,
  assessJawScan,
  isMeshError,
  type MeshReport,
  parseMesh,
  repairMesh,
  weldMesh,
  writePly,
} from '@cuspid/mesh';
import { simplifyMesh } from '@cuspid/mesh/simplify';
import type { Deps } from '../../../deps';
import type { Engine, EngineJaw, EngineOutcome, ProducedFile } from '../cases.engine';

/** The preview mesh the viewer opens first has at most this many triangles. */
export const PREVIEW_TRIANGLES = 100_000;

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
  };
}

async function readWhole(deps: Deps, key: string): Promise<Uint8Array> {
  const object = await deps.storage.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  const buffer = Buffer.concat(chunks);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

type JawResult = EngineOutcome['jaws'][number] & { files: ProducedFile[] };

/**
 * One jaw: parse (packages/mesh, the same parser as the browser's viewer), weld, analyse, judge whether it is
 * a plausible jaw scan; if it is, repair it (degenerate and duplicate faces, unused vertices) and decimate a
 * preview with meshoptimizer. A file that is no mesh at all, or no plausible jaw, is unsupported with the
 * reason; any other error (storage unreachable) is thrown, and the attempt is retried.
 */
export async function processJaw(deps: Deps, jaw: EngineJaw): Promise<JawResult> {
  const bytes = await readWhole(deps, jaw.storageKey);
  let parsed: ReturnType<typeof parseMesh>;
  try {
    parsed = parseMesh(bytes, { fileName: jaw.fileName });
  } catch (err) {
    if (isMeshError(err)) return { jaw: jaw.jaw, status: 'unsupported', reason: err.message, files: [] };
    throw err;
  }
  const welded = weldMesh(parsed);
  const report = analyzeMesh(welded);
  const quality = toQuality(parsed.format, report);
  const assessment = assessJawScan(report);
  if (!assessment.ok) return { jaw: jaw.jaw, status: 'unsupported', reason: assessment.message, quality, files: [] };
  const repaired = repairMesh(welded).mesh;
  const preview = (await simplifyMesh(repaired, { targetTriangles: PREVIEW_TRIANGLES, lockBorder: true })).mesh;
  const base = jaw.jaw;
  return {
    jaw: jaw.jaw,
    status: 'done',
    quality,
    files: [
      {
        kind: 'mesh',
        jaw: jaw.jaw,
        fileName: `${base}-repaired.ply`,
        contentType: 'application/ply',
        body: writePly(repaired, { binary: true }),
      },
      {
        kind: 'preview',
        jaw: jaw.jaw,
        fileName: `${base}-preview.ply`,
        contentType: 'application/ply',
        body: writePly(preview, { binary: true }),
      },
    ],
  };
}

/**
 * The built-in reference engine (ADR 0101). It checks and prepares scans: a quality report per jaw, a
 * repaired indexed mesh and a decimated preview for the viewer. It does not design teeth; an external engine
 * does. A case with any jaw that is not a plausible scan is unsupported (and its credits go back), so the
 * customer fixes the scan before paying for a processing of half a case.
 */
export const referenceEngine: Engine = {
  kind: 'reference',
  async process(deps, run) {
    const jaws: JawResult[] = [];
    for (const jaw of run.jaws) jaws.push(await processJaw(deps, jaw));
    const outcomeJaws = jaws.map(({ files: _files, ...rest }) => rest);
    const unsupported = jaws.filter((j) => j.status === 'unsupported');
    if (!jaws.length) return { status: 'unsupported', reason: 'The case has no jaw scan', jaws: [] };
    if (unsupported.length) {
      const label = (jaw: Jaw) => (jaw === 'upper' ? 'Upper jaw' : 'Lower jaw');
      return {
        status: 'unsupported',
        reason: unsupported.map((j) => `${label(j.jaw)}: ${j.reason}`).join(' '),
        jaws: outcomeJaws,
      };
    }
    const report = new TextEncoder().encode(
      JSON.stringify(Object.fromEntries(jaws.map((j) => [j.jaw, j.quality])), null, 2),
    );
    return {
      status: 'done',
      jaws: outcomeJaws,
      files: [
        ...jaws.flatMap((j) => j.files),
        { kind: 'report', jaw: null, fileName: 'quality-report.json', contentType: 'application/json', body: report },
      ],
    };
  },
};
