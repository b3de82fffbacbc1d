import { contrastRatio } from '../app/contrast';

export const BLACK_TEXT = '#000000';
export const WHITE_TEXT = '#ffffff';

/**
 * Black or white, whichever gives the higher WCAG contrast on `background` (a `#rgb` or `#rrggbb` colour an admin
 * chose, e.g. a flag's). Either reaches at least 4.58:1 on any background, so text on it passes AA.
 */
export function readableTextOn(background: string): typeof BLACK_TEXT | typeof WHITE_TEXT {
  return contrastRatio(background, BLACK_TEXT) >= contrastRatio(background, WHITE_TEXT) ? BLACK_TEXT : WHITE_TEXT;
}
