import { DEFAULT_RUNTIME_CONFIG } from '@cuspid/contracts/runtime-config';
import { describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../lib/i18n';
import type { NavEntry } from '../../lib/routes';
import { taglineOf } from '../navigation-effects';
import { pageTitle } from './page-title';

const NAV: NavEntry[] = [
  { path: '/cases', label: 'nav:cases', icon: 'dental', group: 'cases', order: 10 },
  { path: '/home', label: 'common:nav.home', icon: 'dental', group: 'overview', order: 1 },
];

describe('the browser tab title', () => {
  it('names the menu entry a page belongs to in the user language, then the product', async () => {
    await i18n.loadNamespaces('nav');
    await setLanguage('de', { remember: false });
    expect(pageTitle('/cases', NAV, i18n.t, 'Cuspid')).toBe('Fälle — Cuspid');
    expect(pageTitle('/cases/5b7c3f0e', NAV, i18n.t, 'Cuspid')).toBe('Fälle — Cuspid');
    expect(pageTitle('/cases-archive', NAV, i18n.t, 'Cuspid')).toBeNull();
  });

  it('translates the default tagline and keeps an operator own', async () => {
    await setLanguage('fr', { remember: false });
    expect(taglineOf(DEFAULT_RUNTIME_CONFIG, i18n.t)).toBe('Cuspid — scans dentaires, reconstruits');
    expect(taglineOf({ productName: 'Acme', tagline: 'Acme scans' }, i18n.t)).toBe('Acme scans');
  });
});
