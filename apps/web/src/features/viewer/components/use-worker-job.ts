import { useEffect, useRef, useState } from 'react';
import type { PreparedMesh } from '../lib/mesh-messages';

export type JobState<T> =
  | { status: 'idle' }
  | { status: 'running' }
  | { status: 'done'; value: T }
  | { status: 'error'; error: unknown };

const meshIds = new WeakMap<PreparedMesh, number>();
let nextMeshId = 1;

/** A number for one mesh while it lives: jobs on the same meshes have the same key. */
export function meshId(mesh: PreparedMesh): number {
  let id = meshIds.get(mesh);
  if (id === undefined) {
    id = nextMeshId++;
    meshIds.set(mesh, id);
  }
  return id;
}

const IDLE = { status: 'idle' } as const;

/**
 * Runs a job (in a worker) for `key`, once per key while the component lives: turning an overlay off and on
 * again shows the answer at once. A new key abandons the running job; null runs nothing.
 */
export function useWorkerJob<T>(key: string | null, run: (signal: AbortSignal) => Promise<T>): JobState<T> {
  const [states, setStates] = useState<Record<string, JobState<T>>>({});
  const runRef = useRef(run);
  runRef.current = run;
  // Read, not followed: the job starts when the key is new, not when its own state changes.
  const statesRef = useRef(states);
  statesRef.current = states;

  useEffect(() => {
    if (!key || statesRef.current[key]) return;
    const controller = new AbortController();
    setStates((current) => ({ ...current, [key]: { status: 'running' } }));
    runRef.current(controller.signal).then(
      (value) => {
        if (!controller.signal.aborted) setStates((current) => ({ ...current, [key]: { status: 'done', value } }));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('A 3D analysis failed', error);
        setStates((current) => ({ ...current, [key]: { status: 'error', error } }));
      },
    );
    return () => {
      controller.abort();
      // Abandoned before its answer: asked again, it runs again.
      setStates((current) => {
        if (current[key]?.status !== 'running') return current;
        const { [key]: _abandoned, ...rest } = current;
        return rest;
      });
    };
  }, [key]);

  return key ? (states[key] ?? { status: 'running' }) : IDLE;
}
