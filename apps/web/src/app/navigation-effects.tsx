import { useEffect } from 'react';
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

/** Spec section 2: every navigation scrolls to the top, sets the tagline as title and hides the loading overlay. */
export function NavigationEffects() {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, which location.key marks
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    document.title = getRuntimeConfig().tagline;
    hideLoadingOverlay();
  }, [location.key]);
  return null;
}
