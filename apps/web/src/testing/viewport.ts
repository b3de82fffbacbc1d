import { afterEach } from 'vitest';

type HappyDomWindow = { happyDOM: { setViewport(viewport: { width: number; height: number }): void } };

const DESKTOP = { width: 1024, height: 768 };

/** Sets the window's size (happy-dom evaluates media queries against it); back to a desktop after each test. */
export function setViewport(width: number, height = 844) {
  (window as unknown as HappyDomWindow).happyDOM.setViewport({ width, height });
}

afterEach(() => {
  (window as unknown as HappyDomWindow).happyDOM.setViewport(DESKTOP);
});
