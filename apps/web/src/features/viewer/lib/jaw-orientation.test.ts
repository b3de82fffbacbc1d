import { AXIS_ROTATIONS, applyMatrix, type Matrix3, turnOrientation } from '@cuspid/mesh';
import { describe, expect, it } from 'vitest';
import { jawRotations, rotationAngleDeg } from './jaw-orientation';

const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
/** A y-up export's frame: rows right, anterior, up in the file's axes. */
const Y_UP: Matrix3 = [1, 0, 0, 0, 0, -1, 0, 1, 0];

function aboutZ(deg: number): Matrix3 {
  const c = Math.cos((deg * Math.PI) / 180);
  const s = Math.sin((deg * Math.PI) / 180);
  return [c, -s, 0, s, c, 0, 0, 0, 1];
}

describe('jawRotations', () => {
  it('turns each jaw by its detected frame; an upper jaw’s crowns point down', () => {
    const { lower, upper } = jawRotations({ lower: { matrix: Y_UP, confidence: 0.9 } }, {});
    expect(upper).toBeUndefined();
    // The lower jaw's teeth (+y in the file) point up (+z), its front (−z) to +y.
    expect(applyMatrix(lower!, [0, 1, 0])).toEqual([0, 0, 1]);
    expect(applyMatrix(lower!, [0, 0, -1])).toEqual([0, 1, 0]);
    // An upper scan in the same file axes: base to crowns is −y in the patient (its teeth point down).
    const only = jawRotations({ upper: { matrix: Y_UP, confidence: 0.9 } }, {}).upper!;
    expect(applyMatrix(only, [0, 0, -1])).toEqual([0, 1, 0]);
    expect(applyMatrix(only, [0, 1, 0]).map((v) => v + 0)).toEqual([0, 0, -1]);
  });

  it('applies the correction after the frame', () => {
    const code = turnOrientation(0, '+x');
    const { lower } = jawRotations({ lower: { matrix: IDENTITY, confidence: 1 } }, { lower: code });
    expect(lower).toEqual(AXIS_ROTATIONS[code]);
    // Flipped: upside down, the front kept.
    const flipped = jawRotations({ lower: { matrix: Y_UP, confidence: 1 } }, { lower: turnOrientation(0, 'flip') });
    expect(applyMatrix(flipped.lower!, [0, 1, 0]).map((v) => v + 0)).toEqual([0, 0, -1]);
    expect(applyMatrix(flipped.lower!, [0, 0, -1]).map((v) => v + 0)).toEqual([0, 1, 0]);
  });

  it('turns both jaws alike when their frames agree (the bite kept), each its own when they do not', () => {
    // Detected a few degrees apart: both take the more confident one. The upper's detected frame is a lower's
    // turned half about the front (its crowns point the other way).
    const upperOf = (m: Matrix3): Matrix3 => {
      const r: Matrix3 = [-1, 0, 0, 0, 1, 0, 0, 0, -1];
      return r.map((_, i) => {
        const row = Math.floor(i / 3);
        const col = i % 3;
        return r[row * 3]! * m[col]! + r[row * 3 + 1]! * m[3 + col]! + r[row * 3 + 2]! * m[6 + col]! + 0;
      }) as Matrix3;
    };
    const near = jawRotations(
      { lower: { matrix: aboutZ(4), confidence: 0.5 }, upper: { matrix: upperOf(IDENTITY), confidence: 0.8 } },
      {},
    );
    expect(near.lower).toEqual(near.upper);
    expect(rotationAngleDeg(near.lower!, IDENTITY)).toBeCloseTo(0, 6);
    // The user turned one of them: no longer one scanner's frame, each is turned its own way.
    const apart = jawRotations(
      { lower: { matrix: IDENTITY, confidence: 0.5 }, upper: { matrix: upperOf(IDENTITY), confidence: 0.8 } },
      { upper: turnOrientation(0, '+z') },
    );
    expect(rotationAngleDeg(apart.upper!, apart.lower!)).toBeCloseTo(90, 6);
  });
});
