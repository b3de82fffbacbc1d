import { DEFAULT_RUNTIME_CONFIG } from '@cuspid/contracts/runtime-config';
import type { TFunction } from 'i18next';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getRuntimeConfig } from '../lib/runtime-config';

const LOADING_OVERLAY_ID = 'loading-bg';

/** Hides the static loading overlay of index.html. */
export function hideLoadingOverlay(): void {
  const overlay = document.getElementById(LOADING_OVERLAY_ID);
  if (!overlay) return;
  overlay.classList.add('is-hidden');
  overlay.setAttribute('aria-hidden', 'true');
  window.setTimeout(() => overlay.remove(), 250);
}

/** The tagline in the user's language; an operator's own tagline as configured. */
export function taglineOf(configured: { productName: string; tagline: string }, t: TFunction) {
  return configured.tagline === DEFAULT_RUNTIME_CONFIG.tagline
    ? t('common:app.tagline', { product: configured.productName })
    : configured.tagline;
}

/**
 * Spec section 2: every navigation scrolls to the top, sets the tagline as title and hides the loading overlay.
 * The tagline is set in a layout effect, before the signed-in chrome names the page (usePageTitle).
 */
export function NavigationEffects() {
  const location = useLocation();
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: on every navigation (location.key) and language change
  useLayoutEffect(() => {
    document.title = taglineOf(getRuntimeConfig(), t);
  }, [location.key, i18n.language, t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, which location.key marks
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    hideLoadingOverlay();
  }, [location.key]);
  return null;
}
