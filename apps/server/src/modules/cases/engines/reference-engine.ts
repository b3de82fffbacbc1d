import type { Jaw } from '@cuspid/contracts/cases';
import type { Deps } from '../../../deps';
import type { Engine, EngineJaw } from '../cases.engine';
import type { JawResult } from './reference-jaw';
import { prepareJawInWorker } from './reference-jaw.pool';

/** A stored scan as one byte array of its own (its buffer is handed to the worker thread, not copied). */
async function readWhole(deps: Deps, key: string): Promise<Uint8Array> {
  const object = await deps.storage.get(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of object.body) {
    chunks.push(chunk as Buffer);
    size += (chunk as Buffer).byteLength;
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * One jaw: its scan read from storage (an unreachable storage throws, and the attempt is retried), then checked
 * and prepared in a worker thread (reference-jaw.ts): parsing, welding, repairing and decimating a scan of
 * 300,000 triangles takes seconds of CPU that must not stop the server's event loop.
 */
export async function processJaw(deps: Deps, jaw: EngineJaw): Promise<JawResult> {
  return prepareJawInWorker(await readWhole(deps, jaw.storageKey), jaw.fileName, jaw.jaw);
}

/**
 * The built-in reference engine (ADR 0101). It checks and prepares scans: a quality report per jaw, a
 * repaired indexed mesh and a decimated preview for the viewer. It does not design teeth; an external engine
 * does. A case with any jaw that is not a plausible scan is unsupported (and its credits go back), so the
 * customer fixes the scan before paying for a processing of half a case.
 */
export const referenceEngine: Engine = {
  id: 'reference',
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
