import { Worker } from 'node:worker_threads';
import type { Jaw } from '@cuspid/contracts/cases';
import type { JawResult } from './reference-jaw';

const WORKER_URL = new URL('./reference-jaw.worker.mjs', import.meta.url);

/**
 * Prepares one jaw (reference-jaw.ts) in a worker thread of its own and answers its result. The scan's bytes
 * are handed over (`bytes` is unusable afterwards); the thread ends with the answer. A thread that fails
 * (an error, too little memory) rejects, and the processing attempt is retried.
 */
export function prepareJawInWorker(bytes: Uint8Array, fileName: string, jaw: Jaw): Promise<JawResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL);
    let answered = false;
    worker.once('message', (result: JawResult) => {
      answered = true;
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', (err) => reject(err));
    worker.once('exit', (code) => {
      if (!answered)
        reject(new Error(`The reference engine's worker thread stopped without an answer (exit code ${code})`));
    });
    const transfer =
      bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? [bytes.buffer as ArrayBuffer] : [];
    worker.postMessage({ bytes, fileName, jaw }, transfer);
  });
}
