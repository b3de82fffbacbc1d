import { open } from 'node:fs/promises';
import { checkScan, SCAN_CHECK_MIN_HEAD_BYTES, SCAN_CHECK_TAIL_BYTES } from '@cuspid/mesh';

// The part of the scan check (uploads.scan-check.ts) its worker thread runs: reading the file's bytes and the mesh
// check, and nothing else of the server, so that the thread starts quickly.

/**
 * The bounds of the check a scan passes when its last byte arrives (ADR 0100), measured with
 * `npm run bench -- scan-check`.
 */
export type ScanCheckLimits = {
  /** Bytes of a file's start that are read and parsed (a file no larger is parsed whole). */
  windowBytes: number;
  /** Time the parse may take; past it, what was read by then decides. */
  budgetMs: number;
  /** Files up to this size are checked in the calling thread; larger ones in a worker thread. */
  inThreadBytes: number;
  /** A worker thread that has not answered by then (its start included) is stopped, and the file let through. */
  workerTimeoutMs: number;
};

export const SCAN_CHECK_LIMITS: ScanCheckLimits = {
  windowBytes: 16 * 1024 * 1024,
  budgetMs: 1000,
  // A worker thread takes about 0.5 s to start (tsx compiles the check); a file up to 1 MB is checked in the thread
  // in 50 ms at most (bench scan-check, 2 cores at load 5–6).
  inThreadBytes: 1024 * 1024,
  workerTimeoutMs: 10_000,
};

/** What the check reads of a file of `size` bytes: all of it up to the window, else its start and its end. */
async function readSample(file: string, size: number, windowBytes: number) {
  const handle = await open(file, 'r');
  try {
    const read = async (position: number, length: number) => {
      const bytes = new Uint8Array(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(bytes, filled, length - filled, position + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return bytes.subarray(0, filled);
    };
    const window = Math.max(windowBytes, SCAN_CHECK_MIN_HEAD_BYTES);
    if (size <= window) return { head: await read(0, size) };
    return { head: await read(0, window), tail: await read(size - SCAN_CHECK_TAIL_BYTES, SCAN_CHECK_TAIL_BYTES) };
  } finally {
    await handle.close();
  }
}

/** The check in this thread: reads the sample and parses it within the budget. */
export async function checkScanHere(file: string, fileName: string, size: number, limits: ScanCheckLimits) {
  const sample = await readSample(file, size, limits.windowBytes);
  return checkScan({ size, ...sample, fileName, deadline: performance.now() + limits.budgetMs });
}
