/** WCAG 2.1 contrast arithmetic for the theme's colours (`#rgb` or `#rrggbb` in, `#rrggbb` out). */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) throw new Error(`Not a #rgb or #rrggbb colour: ${hex}`);
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG 2.1). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `hex` mixed with black (amount > 0) or white (amount < 0), 0 to 1. */
export function shift(hex: string, amount: number): string {
  const target = amount > 0 ? 0 : 255;
  const weight = Math.abs(amount);
  return toHex(parseHex(hex).map((c) => c + (target - c) * weight) as Rgb);
}

/**
 * `hex`, darkened or lightened in steps of 1 % until it reaches `ratio` against every one of `backgrounds`: the
 * nearest such colour of the same hue. `hex` itself when it already does.
 */
export function withContrast(hex: string, backgrounds: string[], ratio: number, towards: 'darker' | 'lighter'): string {
  const meets = (color: string) => backgrounds.every((bg) => contrastRatio(color, bg) >= ratio);
  for (let step = 0; step <= 100; step++) {
    const candidate = shift(hex, ((towards === 'darker' ? 1 : -1) * step) / 100);
    if (meets(candidate)) return candidate;
  }
  throw new Error(`No colour of ${hex}'s hue reaches ${ratio}:1 against ${backgrounds.join(', ')}`);
}
