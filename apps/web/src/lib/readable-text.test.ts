import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../app/contrast';
import { BLACK_TEXT, readableTextOn, WHITE_TEXT } from './readable-text';

describe('readableTextOn', () => {
  it.each([
    ['yellow', '#ffff00', BLACK_TEXT],
    ['white', '#ffffff', BLACK_TEXT],
    ['dark blue', '#1a237e', WHITE_TEXT],
    ['black', '#000', WHITE_TEXT],
    // Mid grey: white on it is only 3.9:1, black 5.3:1. A luminance threshold of 0.3 (Mantine's autoContrast) picks white.
    ['mid grey', '#808080', BLACK_TEXT],
    // Mantine's orange-6 and the palette's cyan: white on them is under 3:1.
    ['orange', '#fd7e14', BLACK_TEXT],
    ['cyan', '#15aabf', BLACK_TEXT],
    ['dark red', '#c92a2a', WHITE_TEXT],
  ])('%s (%s) gets %s', (_name, background, expected) => {
    expect(readableTextOn(background)).toBe(expected);
  });

  it('reaches WCAG AA (4.5:1) on every grey from black to white', () => {
    for (let level = 0; level <= 255; level++) {
      const hex = `#${level.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(readableTextOn(hex), hex), hex).toBeGreaterThanOrEqual(4.5);
    }
  });
});
