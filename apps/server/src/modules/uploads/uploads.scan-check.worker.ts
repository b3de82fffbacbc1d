import { parentPort, workerData } from 'node:worker_threads';
import { checkScanHere, type ScanCheckLimits } from './uploads.scan-check';

/**
 * The worker thread of the scan check (uploads.scan-check.ts): checks one staged file and answers with the
 * result. An error ends the thread with it.
 */
const input = workerData as { file: string; fileName: string; size: number; limits: ScanCheckLimits };
parentPort?.postMessage(await checkScanHere(input.file, input.fileName, input.size, input.limits));
