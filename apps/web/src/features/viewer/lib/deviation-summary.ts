import type { DeviationSummary } from './mesh-messages';

// Apart from the BVH search (deviation.ts): the viewer sums the maps of two jaws up without loading three-mesh-bvh.
/** Min, max, mean and RMS over the finite distances; the 95th percentile of their magnitudes (nearest rank). */
export function summarizeDeviation(distances: Float32Array): DeviationSummary {
  const magnitudes = new Float32Array(distances.length);
  let matched = 0;
  let min = Infinity;
  let max = -Infinity;
  let sumAbs = 0;
  let sumSquares = 0;
  for (let i = 0; i < distances.length; i++) {
    const d = distances[i]!;
    if (Number.isNaN(d)) continue;
    if (d < min) min = d;
    if (d > max) max = d;
    const magnitude = Math.abs(d);
    sumAbs += magnitude;
    sumSquares += d * d;
    magnitudes[matched++] = magnitude;
  }
  const unmatched = distances.length - matched;
  if (matched === 0) return { min: NaN, max: NaN, meanAbs: NaN, rms: NaN, p95Abs: NaN, matched, unmatched };
  const sorted = magnitudes.subarray(0, matched).sort();
  return {
    min,
    max,
    meanAbs: sumAbs / matched,
    rms: Math.sqrt(sumSquares / matched),
    p95Abs: sorted[Math.ceil(0.95 * matched) - 1]!,
    matched,
    unmatched,
  };
}
