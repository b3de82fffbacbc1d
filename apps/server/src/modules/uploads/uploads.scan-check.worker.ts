import { parentPort, workerData } from 'node:worker_threads';
import { checkScanHere, type ScanCheckLimits } from './uploads.scan-sample';

/**
 * The worker thread of the scan check (uploads.scan-check.ts): checks one staged file and answers with the
 * result. An error ends the thread with it. It loads only the sample's reading and the mesh check
 * (uploads.scan-sample.ts), so that it starts quickly.
 */
const input = workerData as { file: string; fileName: string; size: number; limits: ScanCheckLimits };
parentPort?.postMessage(await checkScanHere(input.file, input.fileName, input.size, input.limits));
