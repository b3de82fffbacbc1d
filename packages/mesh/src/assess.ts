import type { MeshReport } from './analyze';

/** What makes a file a plausible single jaw scan. Lengths in millimetres. */
export interface JawScanLimits {
  /** Fewer triangles is too coarse to be a scan (default 1,000). */
  minTriangles: number;
  /** More is more than the viewer and processing handle (default 10,000,000). */
  maxTriangles: number;
  /** The largest side of the bounding box below this is not a jaw in millimetres (default 5 mm). */
  minSizeMm: number;
  /** The largest side above this is not a single jaw in millimetres (default 200 mm). */
  maxSizeMm: number;
}

/**
 * Defaults: a full arch measures about 40–80 mm across, a quadrant or a single tooth prepared area 10–40 mm;
 * intraoral scanners export 100k–300k triangles per arch, high-resolution exports a few million.
 * A scan exported in metres is ~0.06 "mm" wide, in micrometres ~60,000: both fail the size rule.
 */
export const DEFAULT_JAW_SCAN_LIMITS: JawScanLimits = {
  minTriangles: 1_000,
  maxTriangles: 10_000_000,
  minSizeMm: 5,
  maxSizeMm: 200,
};

export type JawScanRejection =
  | 'NO_TRIANGLES'
  | 'ALL_DEGENERATE'
  | 'TOO_FEW_TRIANGLES'
  | 'TOO_MANY_TRIANGLES'
  | 'TOO_SMALL'
  | 'TOO_BIG';

export type JawScanAssessment = { ok: true } | { ok: false; reason: JawScanRejection; message: string };

const formatCount = (n: number) => n.toLocaleString('en-US');

function formatMm(value: number): string {
  if (value >= 100) return value.toFixed(0);
  if (value >= 1) return value.toFixed(1);
  return String(Number(value.toPrecision(2)));
}

/**
 * Is this report that of a plausible single jaw scan? The message is plain English, written to be shown to the
 * practice as the reason the file is not supported.
 */
export function assessJawScan(report: MeshReport, limits: Partial<JawScanLimits> = {}): JawScanAssessment {
  const l = { ...DEFAULT_JAW_SCAN_LIMITS, ...limits };
  if (report.triangles === 0) {
    return { ok: false, reason: 'NO_TRIANGLES', message: 'The file contains no surface (no triangles).' };
  }
  if (report.degenerateFaces >= report.triangles) {
    return {
      ok: false,
      reason: 'ALL_DEGENERATE',
      message: 'The file contains no usable surface: every triangle in it is flat (zero area).',
    };
  }
  if (report.triangles < l.minTriangles) {
    return {
      ok: false,
      reason: 'TOO_FEW_TRIANGLES',
      message: `The file has only ${formatCount(report.triangles)} triangles, too few for a jaw scan (at least ${formatCount(l.minTriangles)}). Please export the scan at full resolution.`,
    };
  }
  if (report.triangles > l.maxTriangles) {
    return {
      ok: false,
      reason: 'TOO_MANY_TRIANGLES',
      message: `The file has ${formatCount(report.triangles)} triangles, more than the ${formatCount(l.maxTriangles)} we support. Please export the scan at a lower resolution.`,
    };
  }
  const largest = Math.max(...report.boundingBox.size);
  if (!(largest >= l.minSizeMm)) {
    return {
      ok: false,
      reason: 'TOO_SMALL',
      message: `The scan is only ${formatMm(largest)} mm across, too small for a jaw (a full arch is about 40–80 mm). It may have been exported in metres or centimetres: please export it in millimetres.`,
    };
  }
  if (!(largest <= l.maxSizeMm)) {
    return {
      ok: false,
      reason: 'TOO_BIG',
      message: `The scan is ${formatMm(largest)} mm across, too large for a single jaw (a full arch is about 40–80 mm). It may have been exported in micrometres, or contain more than one model: please export one jaw in millimetres.`,
    };
  }
  return { ok: true };
}
