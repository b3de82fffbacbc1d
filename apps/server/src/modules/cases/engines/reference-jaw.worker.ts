import { parentPort } from 'node:worker_threads';
import type { Jaw } from '@cuspid/contracts/cases';
import { prepareJaw } from './reference-jaw';

/**
 * The worker thread of the reference engine (reference-jaw.pool.ts): prepares one jaw and answers with the
 * result, handing the files' buffers back without a copy. An error ends the thread with it.
 */
parentPort?.once('message', async (input: { bytes: Uint8Array; fileName: string; jaw: Jaw }) => {
  const result = await prepareJaw(input.bytes, input.fileName, input.jaw);
  // Each buffer once (two files could share one).
  parentPort?.postMessage(result, [...new Set(result.files.map((file) => file.body.buffer as ArrayBuffer))]);
});
