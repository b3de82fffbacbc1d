import type { Jaw } from '@cuspid/contracts/cases';
import { AXIS_ROTATIONS, type Matrix3, multiplyMatrices, turnOrientation } from '@cuspid/mesh';

/**
 * A scan's detected anatomical frame as the mesh worker finds it (packages/mesh `findJawFrame`, as a lower jaw):
 * the rotation from the scan's axes to x the patient's right, y anterior, z towards the crowns.
 */
export type DetectedFrame = { matrix: Matrix3; confidence: number };

/** Half a turn about the front axis: a lower jaw's frame turned into an upper jaw's (its crowns point down). */
const UPPER: Matrix3 = [-1, 0, 0, 0, 1, 0, 0, 0, -1];
/** Corrected frames of the two jaws this close (degrees) are one scanner's: both are turned alike, the bite kept. */
export const SAME_FRAME_DEG = 30;

/** The angle between two rotations, in degrees. */
export function rotationAngleDeg(a: Matrix3, b: Matrix3): number {
  // trace(A·Bᵀ) = 1 + 2·cos θ.
  let trace = 0;
  for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) trace += a[r * 3 + c]! * b[r * 3 + c]!;
  return (Math.acos(Math.max(-1, Math.min(1, (trace - 1) / 2))) * 180) / Math.PI;
}

/**
 * How each jaw's models are turned (scan → shown): the user's correction (one of the 24 quarter turns, ADR 0117)
 * after the jaw's detected frame. When both jaws' turns agree within SAME_FRAME_DEG, both take the more confident
 * one: the scans share the scanner's coordinates and their bite stays as scanned.
 */
export function jawRotations(
  detected: Partial<Record<Jaw, DetectedFrame>>,
  corrections: Partial<Record<Jaw, number>>,
): Partial<Record<Jaw, Matrix3>> {
  const own: Partial<Record<Jaw, { matrix: Matrix3; confidence: number }>> = {};
  for (const jaw of ['upper', 'lower'] as const) {
    const frame = detected[jaw];
    if (!frame) continue;
    const anatomical = jaw === 'upper' ? multiplyMatrices(UPPER, frame.matrix) : frame.matrix;
    const correction = AXIS_ROTATIONS[corrections[jaw] ?? 0] ?? AXIS_ROTATIONS[0]!;
    own[jaw] = { matrix: multiplyMatrices(correction, anatomical), confidence: frame.confidence };
  }
  const { upper, lower } = own;
  if (upper && lower && rotationAngleDeg(upper.matrix, lower.matrix) < SAME_FRAME_DEG) {
    const shared = upper.confidence > lower.confidence ? upper.matrix : lower.matrix;
    return { upper: shared, lower: shared };
  }
  return { ...(upper ? { upper: upper.matrix } : {}), ...(lower ? { lower: lower.matrix } : {}) };
}

export { turnOrientation };
