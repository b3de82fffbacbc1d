import { Worker } from 'node:worker_threads';
import type { ErrorCode, ErrorParams } from '@cuspid/contracts';
import { DEFAULT_MAX_TRIANGLES, type MeshFormat, type ScanCheck, type ScanRefusal } from '@cuspid/mesh';
import { AppError } from '../../lib/errors';
import { checkScanHere, SCAN_CHECK_LIMITS, type ScanCheckLimits } from './uploads.scan-sample';

const WORKER_URL = new URL('./uploads.scan-check.worker.mjs', import.meta.url);

/**
 * The check in a worker thread of its own, so that parsing a large file never holds up the requests this process
 * serves. A thread that fails, or does not answer within `workerTimeoutMs`, is stopped and rejects.
 */
function checkInWorker(file: string, fileName: string, size: number, limits: ScanCheckLimits) {
  return new Promise<ScanCheck>((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { workerData: { file, fileName, size, limits } });
    const timer = setTimeout(() => {
      reject(new Error(`the scan check did not answer within ${limits.workerTimeoutMs} ms`));
      void worker.terminate();
    }, limits.workerTimeoutMs);
    worker.once('message', (check: ScanCheck) => {
      clearTimeout(timer);
      resolve(check);
      void worker.terminate();
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the scan check's worker thread stopped without an answer (exit code ${code})`));
    });
  });
}

/**
 * Checks a staged scan of `size` bytes: in this thread when it is small (a worker thread would cost more than the
 * parse), else in a worker thread. Rejects when the check itself could not run.
 */
export function checkStagedScan(
  file: string,
  fileName: string,
  size: number,
  limits: ScanCheckLimits = SCAN_CHECK_LIMITS,
): Promise<ScanCheck> {
  if (size > limits.inThreadBytes) return checkInWorker(file, fileName, size, limits);
  return checkScanHere(file, fileName, size, limits);
}

const FORMAT_NAMES: Record<MeshFormat, string> = { 'stl-binary': 'STL', 'stl-ascii': 'STL', ply: 'PLY', obj: 'OBJ' };

/** The error each reason answers (ADR 0100). */
const REFUSAL_CODES = {
  DCM: 'UPLOAD_SCAN_DCM',
  NOT_A_MESH: 'UPLOAD_NOT_A_SCAN',
  CUT_SHORT: 'UPLOAD_SCAN_CUT_SHORT',
  NO_TRIANGLES: 'UPLOAD_SCAN_EMPTY',
  MALFORMED: 'UPLOAD_SCAN_UNREADABLE',
  TOO_MANY_TRIANGLES: 'UPLOAD_SCAN_TOO_MANY_TRIANGLES',
} as const satisfies Record<ScanRefusal, ErrorCode>;

type RefusalCode = (typeof REFUSAL_CODES)[ScanRefusal];
const isRefusalCode = (code: string): code is RefusalCode => Object.values<string>(REFUSAL_CODES).includes(code);

/**
 * The error a refused scan answers (on its last byte, on completion, when a case would take it), naming the file
 * and its format. A parse error keeps the parser's own sentence (it names the line) as `detail`.
 */
export function scanRefusalError(check: Extract<ScanCheck, { ok: false }>, fileName: string): AppError {
  const params: ErrorParams = { name: fileName, format: check.format ? FORMAT_NAMES[check.format] : '' };
  if (check.reason === 'MALFORMED') params.detail = check.message;
  if (check.reason === 'TOO_MANY_TRIANGLES') params.max = DEFAULT_MAX_TRIANGLES.toLocaleString('en-US');
  return new AppError(REFUSAL_CODES[check.reason], { params });
}

/** The error a refused upload answers again, from what was recorded of its refusal. */
export function recordedRefusal(row: {
  fileName: string;
  failureReason: string | null;
  refusal: { code: string; params: ErrorParams } | null;
}): AppError {
  if (row.refusal && isRefusalCode(row.refusal.code))
    return new AppError(row.refusal.code, { params: row.refusal.params });
  return new AppError('UPLOAD_NOT_A_SCAN', { params: { name: row.fileName }, message: row.failureReason ?? undefined });
}
