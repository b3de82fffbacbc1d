// Deterministic jaw-like meshes for tests: @cuspid/mesh/testing.
import type { IndexedMesh } from '../types';
import { writeBinaryStl } from '../writers';

export interface JawFixtureOptions {
  /** 'lower' (teeth up, +z) or 'upper' (mirrored: teeth down). Default 'lower'. */
  jaw?: 'lower' | 'upper';
  /** About how many triangles (default 16,000; at least 200). */
  triangles?: number;
  /** Outer width of the arch, x (default 55 mm). */
  widthMm?: number;
  /** Depth of the arch, y, from the back ends (y = 0) to the front (default 50 mm). */
  depthMm?: number;
  /** Height of the vertical gum walls from the open base (default 10 mm: the calibration distance). */
  wallHeightMm?: number;
  /** Height of the crown of the ridge above the walls, teeth included (default 10 mm: 20 mm in all). */
  crownHeightMm?: number;
  /** Width of the ridge (default 10 mm). */
  ridgeWidthMm?: number;
  /** Number of tooth bumps along the arch (default 14). */
  teeth?: number;
}

export interface JawFixture {
  mesh: IndexedMesh;
  /**
   * Two vertices exactly `distanceMm` apart (in float32 too): the bottom and top of the outer wall at the front
   * centre of the arch, (0, y, 0) and (0, y, ±wallHeightMm). For measuring tools.
   */
  calibration: { a: number; b: number; distanceMm: number };
}

/** The float32 value, with −0 (also from tiny negatives) as 0: what welding produces. */
function noNegativeZero(value: number): number {
  return Math.fround(value) + 0;
}

/**
 * A U-shaped dental arch: a ridge swept along a half-ellipse, with vertical inner and outer walls standing on an
 * open base (like a real scan, it has one boundary loop: the base rim and the two open ends), a rounded crown and
 * smooth tooth-like bumps on it. Same options, same mesh.
 */
export function jawFixture(options: JawFixtureOptions = {}): JawFixture {
  const width = options.widthMm ?? 55;
  const depth = options.depthMm ?? 50;
  const wallHeight = options.wallHeightMm ?? 10;
  const crownHeight = options.crownHeightMm ?? 10;
  const ridge = options.ridgeWidthMm ?? 10;
  const teeth = options.teeth ?? 14;
  const upper = options.jaw === 'upper';
  const target = Math.max(options.triangles ?? 16_000, 200);

  // Grid: `segments` steps along the arch (even, so that θ = 0 is a column) by `rows` steps across the ridge.
  let segments = Math.max(8, Math.round(Math.sqrt(2 * target) / 2) * 2);
  const rows = Math.max(6, Math.round(target / (2 * segments)));
  segments = Math.max(8, Math.round(target / (2 * rows) / 2) * 2);
  const wallRows = Math.max(1, Math.round(rows / 8));
  const crownRows = rows - 2 * wallRows;

  // Centre line: x = rx·sin θ, y = ry·cos θ for θ in [−π/2, π/2]; the ridge is `ridge` wide around it.
  const half = ridge / 2;
  const rx = width / 2 - half;
  const ry = depth - half;
  const columns = segments + 1;
  const perColumn = rows + 1;
  const positions = new Float32Array(columns * perColumn * 3);
  const sign = upper ? -1 : 1;

  for (let s = 0; s < columns; s++) {
    const theta = -Math.PI / 2 + (Math.PI * s) / segments;
    const isFront = s === segments / 2;
    const sin = isFront ? 0 : Math.sin(theta);
    const cos = isFront ? 1 : Math.cos(theta);
    const cx = rx * sin;
    const cy = ry * cos;
    // Outward normal of the centre line in the xy plane.
    const nx0 = ry * sin;
    const ny0 = rx * cos;
    const nl = Math.hypot(nx0, ny0);
    const nx = nx0 / nl;
    const ny = ny0 / nl;
    // Tooth bumps: a smooth bump per tooth along the arch, deterministic heights.
    const along = (theta + Math.PI / 2) / Math.PI; // 0…1
    const phase = along * teeth;
    const tooth = Math.min(teeth - 1, Math.floor(phase));
    const toothHeight = 0.55 + 0.45 * (((tooth * 7919) % 13) / 12);
    const bump = Math.sin(Math.PI * (phase - tooth)) ** 2 * toothHeight;

    for (let r = 0; r <= rows; r++) {
      // Across the ridge: inner wall up, crown over, outer wall down.
      let offset: number; // along the normal, −half (inner) … +half (outer)
      let z: number;
      if (r <= wallRows) {
        offset = -half;
        z = (wallHeight * r) / wallRows;
      } else if (r >= rows - wallRows) {
        offset = half;
        z = (wallHeight * (rows - r)) / wallRows;
      } else {
        const phi = (Math.PI * (r - wallRows)) / crownRows; // 0 … π
        offset = -half * Math.cos(phi);
        const top = Math.sin(phi);
        z = wallHeight + crownHeight * (0.45 * top + 0.55 * bump * top ** 3);
      }
      const o = (s * perColumn + r) * 3;
      positions[o] = isFront ? 0 : noNegativeZero(cx + nx * offset);
      positions[o + 1] = noNegativeZero(cy + ny * offset);
      positions[o + 2] = noNegativeZero(sign * z);
    }
  }

  const indices = new Uint32Array(segments * rows * 6);
  let i = 0;
  for (let s = 0; s < segments; s++) {
    for (let r = 0; r < rows; r++) {
      const a = s * perColumn + r;
      const b = a + perColumn;
      // Outward-facing for the lower jaw; the mirrored upper jaw flips the winding.
      if (upper) {
        indices.set([a, a + 1, b, b, a + 1, b + 1], i);
      } else {
        indices.set([a, b, a + 1, b, b + 1, a + 1], i);
      }
      i += 6;
    }
  }
  const front = (segments / 2) * perColumn;
  return {
    mesh: { positions, indices },
    calibration: { a: front + rows, b: front + rows - wallRows, distanceMm: wallHeight },
  };
}

/** The fixture as a binary STL file, ready to upload. */
export function jawFixtureStl(options: JawFixtureOptions = {}): Uint8Array {
  return writeBinaryStl(jawFixture(options).mesh);
}
