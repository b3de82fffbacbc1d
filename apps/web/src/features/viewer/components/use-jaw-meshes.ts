import type { CaseJaw, Jaw } from '@cuspid/contracts/cases';
import { useEffect, useState } from 'react';
import { fetchJawFile } from '../api/jaw-file';
import { MeshLoadError, type MeshLoader } from '../lib/mesh-loader';
import type { PreparedMesh } from '../lib/mesh-messages';

/** Why a jaw is not shown: a mesh package code, DOWNLOAD (the file did not arrive) or INTERNAL. */
export type JawLoadProblem = MeshLoadError['code'] | 'DOWNLOAD';

export type JawLoad =
  /** `fraction` is null while the file downloads, then 0…1 while it is read. */
  | { status: 'loading'; fraction: number | null }
  | { status: 'ready'; mesh: PreparedMesh }
  | { status: 'error'; problem: JawLoadProblem };

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export type JawScan = Pick<CaseJaw, 'jaw' | 'file_name'>;

/** Downloads each jaw's scan and prepares it for the GPU (both at once); abandoned when the viewer goes. */
export function useJawMeshes(caseId: string, scans: readonly JawScan[], loadMesh: MeshLoader) {
  const [loads, setLoads] = useState<Partial<Record<Jaw, JawLoad>>>({});
  // The effect follows the scans' content, not the list's identity (a new list on every render of the page).
  const scanKey = JSON.stringify(scans.map((scan) => [scan.jaw, scan.file_name]));

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const wanted = (JSON.parse(scanKey) as [Jaw, string][]).map(([jaw, fileName]) => ({ jaw, fileName }));
    const update = (jaw: Jaw, load: JawLoad) => {
      if (!signal.aborted) setLoads((current) => ({ ...current, [jaw]: load }));
    };
    setLoads(Object.fromEntries(wanted.map(({ jaw }) => [jaw, { status: 'loading', fraction: null }])));
    for (const { jaw, fileName } of wanted) {
      void (async () => {
        let buffer: ArrayBuffer;
        try {
          buffer = await fetchJawFile(caseId, jaw, signal);
        } catch (error) {
          if (!isAbort(error)) update(jaw, { status: 'error', problem: 'DOWNLOAD' });
          return;
        }
        try {
          update(jaw, { status: 'loading', fraction: 0 });
          const mesh = await loadMesh(buffer, {
            fileName,
            signal,
            onProgress: (fraction) => update(jaw, { status: 'loading', fraction }),
          });
          // A valid file without any triangle (an empty solid) has nothing to show.
          update(jaw, mesh.triangleCount > 0 ? { status: 'ready', mesh } : { status: 'error', problem: 'EMPTY' });
        } catch (error) {
          if (isAbort(error)) return;
          update(jaw, { status: 'error', problem: error instanceof MeshLoadError ? error.code : 'INTERNAL' });
        }
      })();
    }
    return () => controller.abort();
  }, [caseId, scanKey, loadMesh]);

  return loads;
}
