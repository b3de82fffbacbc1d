import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DEVIATION_SCALE,
  deviationColor,
  deviationColorStops,
  deviationColors,
  deviationGradientCss,
  NO_COUNTERPART_COLOR,
} from './deviation-colors';

const colorsOf = (values: number[], options?: Parameters<typeof deviationColors>[1]) => {
  const colors = deviationColors(new Float32Array(values), options);
  return values.map((_, v) => [...colors.subarray(v * 3, v * 3 + 3)]);
};

describe('deviation colours', () => {
  it('runs blue at −0.5 mm, green within ±0.05 mm, red at +0.5 mm, clamped beyond', () => {
    expect(colorsOf([-0.5, -3, 0, 0.05, -0.05, 0.5, 7])).toEqual([
      [0, 0, 1],
      [0, 0, 1],
      [0, 1, 0],
      [0, 1, 0],
      [0, 1, 0],
      [1, 0, 0],
      [1, 0, 0],
    ]);
  });

  it('blends between the stops: cyan half way to blue, yellow half way to red, no red on the negative side', () => {
    const [cyan, yellow, justOut] = colorsOf([-0.275, 0.275, 0.1], { colorSpace: 'srgb' });
    expect(cyan).toEqual([0, 1, 1]);
    expect(yellow).toEqual([1, 1, 0]);
    // 0.05 mm past the band: two ninths of the 0.225 mm from the band to yellow.
    expect(justOut![0]).toBeCloseTo(2 / 9, 5);
    expect(justOut![1]).toBe(1);
    for (const d of [-0.49, -0.3, -0.1, -0.051]) {
      const [r, g, b] = deviationColor(d, deviationColorStops());
      expect(r).toBe(0);
      expect(g + b).toBeGreaterThan(0.9);
    }
  });

  it('paints vertices without a counterpart (NaN) grey', () => {
    expect(colorsOf([Number.NaN], { colorSpace: 'srgb' })[0]![0]).toBeCloseTo(NO_COUNTERPART_COLOR[0], 6);
    // For three.js, in linear sRGB: the same grey on screen.
    expect(colorsOf([Number.NaN])[0]![0]).toBeCloseTo(((0.62 + 0.055) / 1.055) ** 2.4, 5);
  });

  it('follows a configured range and tolerance', () => {
    const scale = { range: 0.2, tolerance: 0.01 };
    expect(colorsOf([-0.2, 0.009, 0.2], { scale })).toEqual([
      [0, 0, 1],
      [0, 1, 0],
      [1, 0, 0],
    ]);
    const values = deviationColorStops(scale).map((stop) => Number(stop.value.toFixed(10)));
    expect(values).toEqual([-0.2, -0.105, -0.01, 0.01, 0.105, 0.2]);
    expect(() => deviationColorStops({ range: 0.1, tolerance: 0.1 })).toThrow(RangeError);
  });

  it('gives the legend the same stops as a CSS gradient, the tolerance band flat', () => {
    const css = deviationGradientCss(deviationColorStops(DEFAULT_DEVIATION_SCALE), 'to top');
    expect(css).toBe(
      'linear-gradient(to top, rgb(0 0 255) 0.00%, rgb(0 255 255) 22.50%, rgb(0 255 0) 45.00%, ' +
        'rgb(0 255 0) 55.00%, rgb(255 255 0) 77.50%, rgb(255 0 0) 100.00%)',
    );
  });
});
