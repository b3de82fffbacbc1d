import {
  Anchor,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  localStorageColorSchemeManager,
  type MantineTheme,
  type MenuProps,
  type ModalProps,
  type MultiSelectProps,
  mergeMantineTheme,
  type NotificationProps,
  type PasswordInputProps,
  type SelectProps,
} from '@mantine/core';
import { i18n } from '../lib/i18n';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { shift, withContrast } from './contrast';

/** Select and MultiSelect: the option list scrolls itself, at most 220 px high (Mantine's default height). */
const COMBOBOX_LIST = {
  defaultProps: { withScrollArea: false },
  // Theme styles merge with a page's own `styles` (default props would be replaced by them).
  styles: { options: { maxHeight: 220, overflowY: 'auto' } },
} as const;

export const theme = createTheme({
  primaryColor: 'cyan',
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A link inside text must differ from it by more than colour (WCAG 1.4.1): the dark skin's cyan link on light
    // gray text is only 1.2:1 apart.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // Opening a menu focuses its first item (the WAI-ARIA menu pattern) instead of an empty placeholder, which a
    // role="menu" may not contain. A typed object, not Menu.extend (the identity function): the value import of
    // Menu would put Menu, Popover and floating-ui into the entry chunk, which the login page loads (bench: web-size).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } satisfies Partial<MenuProps> },
    // The × of every dialog gets a name. A function, so Mantine reads it at each render, in the current language
    // (Modal.extend's types take only an object; useProps calls a function).
    Modal: {
      defaultProps: (): Partial<ModalProps> => ({
        closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
      }),
    },
    // An open option list taller than the dropdown scrolls the listbox itself, not a ScrollArea viewport inside it: a
    // scroll region that keyboard users cannot reach (axe scrollable-region-focusable, serious). The listbox is the
    // combobox's popup (aria-controls), which the keyboard scrolls with the arrow keys through aria-activedescendant.
    MultiSelect: COMBOBOX_LIST satisfies {
      defaultProps: Partial<MultiSelectProps>;
      styles: MultiSelectProps['styles'];
    },
    Select: COMBOBOX_LIST satisfies { defaultProps: Partial<SelectProps>; styles: SelectProps['styles'] },
    // Toasts: the × gets a name, and the text under a title is the theme's dimmed colour (AA in both skins) instead of
    // Mantine's gray-6 on white (3.3:1). Typed objects for the same reason as Menu.
    Notification: {
      defaultProps: (): Partial<NotificationProps> => ({
        closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
      }),
      styles: { description: { color: 'var(--mantine-color-dimmed)' } } satisfies NotificationProps['styles'],
    },
    // The eye of every password field gets a name in the user's language (Mantine's own is English).
    PasswordInput: {
      defaultProps: (): Partial<PasswordInputProps> => ({
        visibilityToggleButtonProps: { 'aria-label': i18n.t('common:actions.togglePassword') },
      }),
    },
  },
});

export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });

/** The colour of the ring round a focused text field, used by global.css. */
export const FOCUS_RING_VAR = '--cuspid-focus-ring';

/** WCAG 2.1 AA for normal text, with a little room for rounding in the browsers' colour maths. */
export const TEXT_CONTRAST = 4.6;

/**
 * The colours of both skins, moved (same hue, darker or lighter) until text reaches AA contrast: Mantine's defaults
 * put white on cyan-6 (2.8:1), gray-6 dimmed text on white (3.3:1), dark-2 dimmed on dark-6 (3.5:1), shade-9 text
 * on shade-1 light badges and alerts (3.6:1 for orange) and more. Everything reads these variables, so pages need
 * no colour of their own. apps/web/src/app/theme.test.ts checks each pair; the e2e route walk runs axe on every page.
 */
export function accessibleColors(source: MantineTheme = mergeMantineTheme(DEFAULT_THEME, theme)) {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  const { colors, white } = source;
  const dk = colors.dark;
  const gray = colors.gray;

  for (const [name, shades] of Object.entries(colors)) {
    if (!Array.isArray(shades) || shades.length < 10 || name === 'dark') continue;
    // Light skin: filled buttons and badges (white text on the colour), outline and `c="color"` text on the white
    // body and gray-0 panels, light badges and alerts (the colour's text on its shade 1, hover shade 2).
    const filled = withContrast(shades[6], [white, gray[0], gray[1]], TEXT_CONTRAST, 'darker');
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = shift(filled, 0.12);
    light[`--mantine-color-${name}-outline`] = filled;
    light[`--mantine-color-${name}-light-color`] = withContrast(
      shades[9],
      [shades[1], shades[2]],
      TEXT_CONTRAST,
      'darker',
    );
    // Dark skin: filled with white text; the colour's text (shade 4) and outline on the dark body and panels.
    const darkFilled = withContrast(shades[8], [white], TEXT_CONTRAST, 'darker');
    dark[`--mantine-color-${name}-filled`] = darkFilled;
    dark[`--mantine-color-${name}-filled-hover`] = shift(darkFilled, 0.12);
    const darkText = withContrast(shades[4], [dk[5], dk[6], dk[7]], TEXT_CONTRAST, 'lighter');
    dark[`--mantine-color-${name}-text`] = darkText;
    dark[`--mantine-color-${name}-outline`] = darkText;
  }

  // Secondary text and placeholders: on the white body, gray-0 panels and gray-1 hovered rows (light); on the dark
  // body, panels and hovered rows (dark-7, dark-6, dark-5).
  const dimmedLight = withContrast(gray[6], [white, gray[0], gray[1]], TEXT_CONTRAST, 'darker');
  const dimmedDark = withContrast(dk[2], [dk[5], dk[6], dk[7]], TEXT_CONTRAST, 'lighter');
  const primary = source.primaryColor;
  Object.assign(light, {
    '--mantine-color-dimmed': dimmedLight,
    '--mantine-color-placeholder': dimmedLight,
    '--mantine-color-anchor': light[`--mantine-color-${primary}-filled`],
    '--mantine-color-error': light['--mantine-color-red-filled'],
    // The ring round a focused text field (global.css): at least 3:1 on the field and the page (WCAG 1.4.11).
    [FOCUS_RING_VAR]: light[`--mantine-color-${primary}-filled`],
  });
  Object.assign(dark, {
    '--mantine-color-dimmed': dimmedDark,
    '--mantine-color-placeholder': dimmedDark,
    '--mantine-color-anchor': dark[`--mantine-color-${primary}-text`],
    '--mantine-color-error': dark['--mantine-color-red-text'],
    // Mantine's own focus border is the dark skin's filled primary, which hardly shows on the dark field.
    [FOCUS_RING_VAR]: dark[`--mantine-color-${primary}-text`],
  });
  return { light, dark };
}

export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const { light, dark } = accessibleColors(resolved);
  return { variables: {}, light, dark };
};
