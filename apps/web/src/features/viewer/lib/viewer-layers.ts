import type { CaseResult, Jaw, ResultFile, ScanQuality } from '@cuspid/contracts/cases';

/** What the viewer needs of a result version: its number and files. */
export type ViewerResult = Pick<CaseResult, 'id' | 'version' | 'engine'> & {
  files: readonly Pick<ResultFile, 'id' | 'kind' | 'jaw' | 'file_name' | 'size'>[];
};

/** The scan of a jaw as the viewer knows it; `size` (bytes) tells whether its preview is worth opening first. */
export type ViewerScan = {
  jaw: Jaw;
  file_name: string;
  size?: number;
  /** The analysis of the uploaded scan, when it ran: what the quality overlay compares with. */
  quality?: Pick<ScanQuality, 'holes' | 'non_manifold_edges' | 'preview_triangles'> | null;
  /** The user's correction of the detected anatomical frame: one of the 24 quarter turns (ADR 0117), 0 none. */
  orientation?: number;
};

/** Where a model's bytes come from: a jaw's scan as uploaded, or a stored result file. */
export type SourceRef = { key: string; fileName: string } & (
  | { from: 'scan'; jaw: Jaw }
  | { from: 'result-file'; fileId: string }
);

/** A model in the scene and the file it shows; `interim` is shown until `source` is ready (the preview). */
export type LayerPlan = { key: string; jaw: Jaw; source: SourceRef; interim?: SourceRef };

/** A preview is opened first only when it saves most of the download: under half the scan's bytes. */
const PREVIEW_SHARE = 0.5;
/**
 * A preview of 80 % of its result's repaired mesh or more is no preview (results made before the server stopped
 * storing copies held one byte-identical to the mesh for every small scan).
 */
const PREVIEW_MESH_SHARE = 0.8;

export const scanLayerKey = (jaw: Jaw) => `scan:${jaw}`;
export const resultLayerKey = (resultId: string, jaw: Jaw) => `result:${resultId}:${jaw}`;

/**
 * The decimated preview of a jaw's scan, if the server made one: the reference engine prepares scans (repair,
 * preview) without designing teeth, so its newest version's `preview` file of the jaw is the scan, lighter. None when
 * the scan's report says there is no separate preview (a scan within the budget: shown whole, not as "preview").
 */
export function previewOf(scan: ViewerScan, results: readonly ViewerResult[]) {
  if (scan.quality?.preview_triangles === null) return null;
  const newestFirst = [...results].sort((a, b) => b.version - a.version);
  for (const result of newestFirst) {
    if (result.engine !== 'reference') continue;
    const preview = result.files.find((file) => file.kind === 'preview' && file.jaw === scan.jaw);
    if (!preview) continue;
    if (scan.size !== undefined && preview.size >= scan.size * PREVIEW_SHARE) return null;
    const mesh = result.files.find((file) => file.kind === 'mesh' && file.jaw === scan.jaw);
    if (mesh && preview.size >= mesh.size * PREVIEW_MESH_SHARE) return null;
    return preview;
  }
  return null;
}

/** The result versions that hold a mesh for at least one jaw: the ones that can be shown over the scans. */
export function showableResults(results: readonly ViewerResult[]): ViewerResult[] {
  return [...results]
    .filter((result) => result.files.some((file) => file.kind === 'mesh' && file.jaw !== null))
    .sort((a, b) => a.version - b.version);
}

const scanSource = (scan: ViewerScan): SourceRef => ({
  key: `scan:${scan.jaw}`,
  fileName: scan.file_name,
  from: 'scan',
  jaw: scan.jaw,
});

const fileSource = (file: Pick<ResultFile, 'id' | 'file_name'>): SourceRef => ({
  key: `file:${file.id}`,
  fileName: file.file_name,
  from: 'result-file',
  fileId: file.id,
});

/**
 * The models to show: each jaw's scan (its preview until the full scan is asked for), then the meshes of the
 * chosen result versions, per jaw.
 */
export function planLayers(options: {
  scans: readonly ViewerScan[];
  results: readonly ViewerResult[];
  /** Jaws whose full scan was asked for (their preview stays on screen until it is read). */
  full: ReadonlySet<Jaw>;
  /** Jaws shown from the full scan from the start: a preview made later does not replace them. */
  pinned?: ReadonlySet<Jaw>;
  /** Result versions to show, by id. */
  versions: readonly string[];
}): LayerPlan[] {
  const plans: LayerPlan[] = [];
  for (const scan of options.scans) {
    const preview = options.pinned?.has(scan.jaw) ? null : previewOf(scan, options.results);
    const key = scanLayerKey(scan.jaw);
    if (!preview) plans.push({ key, jaw: scan.jaw, source: scanSource(scan) });
    else if (options.full.has(scan.jaw))
      plans.push({ key, jaw: scan.jaw, source: scanSource(scan), interim: fileSource(preview) });
    else plans.push({ key, jaw: scan.jaw, source: fileSource(preview) });
  }
  for (const id of options.versions) {
    const result = options.results.find((candidate) => candidate.id === id);
    for (const file of result?.files ?? []) {
      if (file.kind !== 'mesh' || !file.jaw) continue;
      plans.push({ key: resultLayerKey(id, file.jaw), jaw: file.jaw, source: fileSource(file) });
    }
  }
  return plans;
}
