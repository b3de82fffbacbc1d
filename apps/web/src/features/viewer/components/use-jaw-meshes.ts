import { useEffect, useRef, useState } from 'react';
import { MeshLoadError, type MeshLoader } from '../lib/mesh-loader';
import type { PreparedMesh } from '../lib/mesh-messages';

/** Why a model is not shown: a mesh package code, DOWNLOAD (the file did not arrive) or INTERNAL. */
export type JawLoadProblem = MeshLoadError['code'] | 'DOWNLOAD';

export type JawLoad =
  /** `fraction` is null while the file downloads, then 0…1 while it is read. */
  | { status: 'loading'; fraction: number | null }
  | { status: 'ready'; mesh: PreparedMesh }
  | { status: 'error'; problem: JawLoadProblem };

/** A file the viewer shows: a jaw's scan, its decimated preview, or a result version's mesh. */
export type MeshSource = {
  /** Stable for the same file: a source is loaded once while it stays wanted. */
  key: string;
  fileName: string;
  download: (signal: AbortSignal) => Promise<ArrayBuffer>;
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Downloads each wanted file and prepares it for the GPU in a worker, all at once. A source that stays wanted is
 * loaded once; one no longer wanted is abandoned (its download and worker stop); all stop when the viewer goes.
 */
export function useMeshSources(sources: readonly MeshSource[], loadMesh: MeshLoader) {
  const [loads, setLoads] = useState<Record<string, JawLoad>>({});
  const running = useRef(new Map<string, AbortController>());
  const latest = useRef(sources);
  latest.current = sources;
  // The effect follows the sources' keys, not the list's identity (a new list on every render).
  const keys = sources.map((source) => source.key).join('\n');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the sources are read through `latest`, named by `keys`
  useEffect(() => {
    const wanted = new Map(latest.current.map((source) => [source.key, source]));
    for (const [key, controller] of running.current) {
      if (wanted.has(key)) continue;
      controller.abort();
      running.current.delete(key);
      setLoads(({ [key]: _gone, ...rest }) => rest);
    }
    for (const source of wanted.values()) {
      if (running.current.has(source.key)) continue;
      const controller = new AbortController();
      running.current.set(source.key, controller);
      const { signal } = controller;
      const update = (load: JawLoad) => {
        if (!signal.aborted) setLoads((current) => ({ ...current, [source.key]: load }));
      };
      update({ status: 'loading', fraction: null });
      void (async () => {
        let buffer: ArrayBuffer;
        try {
          buffer = await source.download(signal);
        } catch (error) {
          if (!isAbort(error)) update({ status: 'error', problem: 'DOWNLOAD' });
          return;
        }
        try {
          update({ status: 'loading', fraction: 0 });
          const mesh = await loadMesh(buffer, {
            fileName: source.fileName,
            signal,
            onProgress: (fraction) => update({ status: 'loading', fraction }),
          });
          // A valid file without any triangle (an empty solid) has nothing to show.
          update(mesh.triangleCount > 0 ? { status: 'ready', mesh } : { status: 'error', problem: 'EMPTY' });
        } catch (error) {
          if (isAbort(error)) return;
          update({ status: 'error', problem: error instanceof MeshLoadError ? error.code : 'INTERNAL' });
        }
      })();
    }
  }, [keys, loadMesh]);

  useEffect(() => {
    const current = running.current;
    return () => {
      for (const controller of current.values()) controller.abort();
      current.clear();
    };
  }, []);

  return loads;
}
