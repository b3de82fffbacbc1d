import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseNumberAt } from './internal';

const read = (s: string) => parseNumberAt(s, 0, s.length);

describe('parseNumberAt reads numbers exactly as Number()', () => {
  it('known cases', () => {
    for (const s of [
      '0',
      '-0',
      '+1.5',
      '1e5',
      '1E-5',
      '.5',
      '5.',
      '-.5e+3',
      '0.1',
      '1e400',
      '1e-400',
      'abc',
      '1.2.3',
    ]) {
      expect(Object.is(read(s), Number(s))).toBe(true);
    }
    for (const s of ['1e', 'e5', '-', '.', '0x10', 'Infinity', '1234567890123456789', '3.4028234663852886e+38']) {
      expect(Object.is(read(s), Number(s))).toBe(true);
    }
  });

  it('any double in any notation', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.integer({ min: 1, max: 17 }), (value, digits) => {
        for (const s of [String(value), value.toExponential(digits - 1), value.toPrecision(digits)]) {
          expect(Object.is(read(s), Number(s))).toBe(true);
        }
        if (Math.abs(value) < 1e15) {
          const fixed = value.toFixed(Math.min(digits, 12));
          expect(Object.is(read(fixed), Number(fixed))).toBe(true);
        }
      }),
      { numRuns: 5000 },
    );
  });

  it('any string of number characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.eE+-x'), minLength: 1, maxLength: 30 }), (s) => {
        expect(Object.is(read(s), Number(s))).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
