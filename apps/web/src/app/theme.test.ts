import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n';
import { contrastRatio, shift, withContrast } from './contrast';
import { accessibleColors, FOCUS_RING_VAR, theme } from './theme';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const { light, dark } = accessibleColors(resolved);
const { gray, dark: dk } = resolved.colors;
const AA = 4.5;

function colorNames(): string[] {
  return Object.keys(resolved.colors).filter((name) => name !== 'dark');
}

describe('contrast arithmetic', () => {
  it('measures WCAG ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(shift('#808080', 1)).toBe('#000000');
    expect(shift('#808080', -1)).toBe('#ffffff');
  });

  it('moves a colour only as far as needed', () => {
    expect(withContrast('#000000', ['#ffffff'], AA, 'darker')).toBe('#000000');
    const moved = withContrast('#15aabf', ['#ffffff'], AA, 'darker');
    expect(contrastRatio(moved, '#ffffff')).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(shift(moved, -0.02), '#ffffff')).toBeLessThan(AA);
  });
});

describe('theme colours reach WCAG AA text contrast in both skins', () => {
  it.each(colorNames())('%s', (name) => {
    const shades = resolved.colors[name] as readonly string[];
    // Light skin: white on filled; filled/outline text on white and gray-0; light-variant text on shade 1 and 2.
    for (const bg of [resolved.white, gray[0], gray[1]]) {
      expect(contrastRatio(light[`--mantine-color-${name}-filled`] as string, bg)).toBeGreaterThanOrEqual(AA);
    }
    for (const bg of [shades[1], shades[2]]) {
      expect(
        contrastRatio(light[`--mantine-color-${name}-light-color`] as string, bg as string),
      ).toBeGreaterThanOrEqual(AA);
    }
    // Dark skin: white on filled; text and outline on the body and panels; Mantine's light variant (shade 0 text).
    expect(contrastRatio(dark[`--mantine-color-${name}-filled`] as string, '#ffffff')).toBeGreaterThanOrEqual(AA);
    for (const bg of [dk[5], dk[6], dk[7]]) {
      expect(contrastRatio(dark[`--mantine-color-${name}-text`] as string, bg)).toBeGreaterThanOrEqual(AA);
    }
  });

  it('dimmed text, placeholders, links and errors', () => {
    for (const bg of [resolved.white, gray[0], gray[1]]) {
      for (const key of ['dimmed', 'placeholder', 'anchor', 'error']) {
        expect(
          contrastRatio(light[`--mantine-color-${key}`] as string, bg),
          `light ${key} on ${bg}`,
        ).toBeGreaterThanOrEqual(AA);
      }
    }
    for (const bg of [dk[5], dk[6], dk[7]]) {
      for (const key of ['dimmed', 'placeholder', 'anchor', 'error']) {
        expect(
          contrastRatio(dark[`--mantine-color-${key}`] as string, bg),
          `dark ${key} on ${bg}`,
        ).toBeGreaterThanOrEqual(AA);
      }
    }
    // Body text itself (Mantine's defaults): black on white, dark-0 on the dark body.
    expect(contrastRatio(resolved.black, resolved.white)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(dk[0], dk[7])).toBeGreaterThanOrEqual(AA);
  });
});

describe('focus ring of text fields', () => {
  it('is set in both skins and shows at 3:1 on the fields and pages (WCAG 1.4.11)', () => {
    const ringLight = light[FOCUS_RING_VAR] as string;
    const ringDark = dark[FOCUS_RING_VAR] as string;
    for (const bg of [resolved.white, gray[0], gray[1]]) {
      expect(contrastRatio(ringLight, bg), `light ring on ${bg}`).toBeGreaterThanOrEqual(3);
    }
    for (const bg of [dk[5], dk[6], dk[7]]) {
      expect(contrastRatio(ringDark, bg), `dark ring on ${bg}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('is drawn by the global stylesheet round every focused Mantine input', () => {
    // Read from disk: Vitest hands CSS imports over empty.
    const globalCss = readFileSync(join(import.meta.dirname, 'global.css'), 'utf8');
    const rule = /([^{}]*\.mantine-Input-input:focus[^{}]*)\{([^}]*)\}/.exec(globalCss);
    expect(rule?.[1]).toContain('.mantine-Input-input:focus-within');
    expect(rule?.[2]).toMatch(new RegExp(`outline:\\s*2px solid var\\(${FOCUS_RING_VAR}\\)`));
  });
});

describe('toasts', () => {
  it('have dimmed text under the title, which reaches AA on the toast in both skins', () => {
    const styles = theme.components?.Notification?.styles as { description: { color: string } };
    expect(styles.description.color).toBe('var(--mantine-color-dimmed)');
    // A toast is white in the light skin, dark-6 in the dark one (Mantine's Notification.css).
    expect(contrastRatio(light['--mantine-color-dimmed'] as string, resolved.white)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(dark['--mantine-color-dimmed'] as string, dk[6])).toBeGreaterThanOrEqual(AA);
  });

  it('name their close button in the current language', async () => {
    const defaults = theme.components?.Notification?.defaultProps as () => {
      closeButtonProps: Record<string, string>;
    };
    expect(defaults().closeButtonProps['aria-label']).toBe('Close');
    await setLanguage('de');
    try {
      expect(defaults().closeButtonProps['aria-label']).toBe('Schließen');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('theme components', () => {
  it('names the close button of every dialog', () => {
    const defaults = theme.components?.Modal?.defaultProps as () => { closeButtonProps: Record<string, string> };
    expect(defaults().closeButtonProps['aria-label']).toBe('Close');
  });
});
