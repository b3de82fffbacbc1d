/** A colour as sRGB components 0…1 (what CSS shows). */
export type Rgb = readonly [number, number, number];

/**
 * The deviation map's scale, mm: distances within ±`tolerance` are green (fits), ±`range` and beyond are full
 * blue (inside the reference) or red (outside).
 */
export type DeviationScale = { range: number; tolerance: number };

/** ±0.5 mm spans what matters for a fit; ±0.05 mm is about a scanner's own noise, shown as a match. */
export const DEFAULT_DEVIATION_SCALE: DeviationScale = { range: 0.5, tolerance: 0.05 };

export const DEVIATION_BLUE: Rgb = [0, 0, 1];
const CYAN: Rgb = [0, 1, 1];
export const DEVIATION_GREEN: Rgb = [0, 1, 0];
const YELLOW: Rgb = [1, 1, 0];
export const DEVIATION_RED: Rgb = [1, 0, 0];
/** Vertices without a counterpart on the reference: a neutral grey, read as "not measured", not as a fit. */
export const NO_COUNTERPART_COLOR: Rgb = [0.62, 0.62, 0.62];

/** A point of the colour scale: a distance in mm and its colour. Between stops, colours blend linearly. */
export type DeviationColorStop = { value: number; color: Rgb };

function checkScale({ range, tolerance }: DeviationScale): void {
  if (!(range > 0) || !(tolerance >= 0) || !(tolerance < range)) {
    throw new RangeError(`A deviation scale needs 0 ≤ tolerance < range (got ±${tolerance} and ±${range} mm)`);
  }
}

/**
 * The stops of the diverging scale, from −range to +range: blue, cyan, green from −tolerance to +tolerance (a flat
 * band), yellow, red. The 3D view and the legend both draw from these, so they cannot disagree.
 */
export function deviationColorStops(scale: DeviationScale = DEFAULT_DEVIATION_SCALE): DeviationColorStop[] {
  checkScale(scale);
  const { range, tolerance } = scale;
  const middle = (range + tolerance) / 2;
  return [
    { value: -range, color: DEVIATION_BLUE },
    { value: -middle, color: CYAN },
    { value: -tolerance, color: DEVIATION_GREEN },
    { value: tolerance, color: DEVIATION_GREEN },
    { value: middle, color: YELLOW },
    { value: range, color: DEVIATION_RED },
  ];
}

/** The colour of one distance (sRGB): clamped to the ends of the scale; grey for NaN (no counterpart). */
export function deviationColor(distance: number, stops: readonly DeviationColorStop[]): Rgb {
  if (Number.isNaN(distance)) return NO_COUNTERPART_COLOR;
  const first = stops[0]!;
  if (distance <= first.value) return first.color;
  for (let i = 1; i < stops.length; i++) {
    const to = stops[i]!;
    if (distance > to.value) continue;
    const from = stops[i - 1]!;
    const span = to.value - from.value;
    const f = span > 0 ? (distance - from.value) / span : 1;
    return [
      from.color[0] + (to.color[0] - from.color[0]) * f,
      from.color[1] + (to.color[1] - from.color[1]) * f,
      from.color[2] + (to.color[2] - from.color[2]) * f,
    ];
  }
  return stops.at(-1)!.color;
}

function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export type DeviationColorOptions = {
  scale?: DeviationScale;
  /**
   * 'srgb-linear' (default) for three.js: it takes vertex colours as linear and converts what it draws to sRGB,
   * so the model shows the legend's colours. 'srgb' for anything that shows the components as they are.
   */
  colorSpace?: 'srgb' | 'srgb-linear';
};

/** One colour per distance, three floats 0…1 each: a vertex colour attribute for the deviation map. */
export function deviationColors(
  distances: Float32Array,
  { scale = DEFAULT_DEVIATION_SCALE, colorSpace = 'srgb-linear' }: DeviationColorOptions = {},
): Float32Array {
  // The distances are float32: so are the stops here, or 0.05 mm (0.0500000007 as float32) would miss a band
  // that ends at 0.05.
  const stops = deviationColorStops(scale).map((stop) => ({ ...stop, value: Math.fround(stop.value) }));
  const colors = new Float32Array(distances.length * 3);
  const toSpace = colorSpace === 'srgb-linear' ? srgbToLinear : (c: number) => c;
  for (let v = 0; v < distances.length; v++) {
    const [r, g, b] = deviationColor(distances[v]!, stops);
    colors[v * 3] = toSpace(r);
    colors[v * 3 + 1] = toSpace(g);
    colors[v * 3 + 2] = toSpace(b);
  }
  return colors;
}

/** A colour as CSS `rgb()`. */
export function toCssColor([r, g, b]: Rgb): string {
  return `rgb(${Math.round(r * 255)} ${Math.round(g * 255)} ${Math.round(b * 255)})`;
}

/**
 * The scale as a CSS gradient, −range at the start and +range at the end: `to top` for a vertical bar (negative
 * at the bottom), `to right` for a horizontal one. The tolerance band stays flat green (two stops of one colour).
 */
export function deviationGradientCss(stops: readonly DeviationColorStop[], direction: 'to top' | 'to right'): string {
  const from = stops[0]!.value;
  const span = stops.at(-1)!.value - from;
  const parts = stops.map((stop) => `${toCssColor(stop.color)} ${(((stop.value - from) / span) * 100).toFixed(2)}%`);
  return `linear-gradient(${direction}, ${parts.join(', ')})`;
}
