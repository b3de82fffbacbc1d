import { WebGLRenderer } from 'three';

/** What the scene needs of a renderer: a WebGLRenderer in the app, a stand-in where there is no WebGL. */
export type JawRenderer = Pick<
  WebGLRenderer,
  'setPixelRatio' | 'setSize' | 'render' | 'dispose' | 'setViewport' | 'setScissor' | 'setScissorTest'
> & { localClippingEnabled: boolean };
export type CreateJawRenderer = (canvas: HTMLCanvasElement) => JawRenderer;

/** The browser cannot draw 3D: WebGL 2 is off, blocked or missing. */
export class WebGlUnavailableError extends Error {
  override readonly name = 'WebGlUnavailableError';
}

// Asked on a canvas of its own: a canvas keeps the attributes of its first context, and ours needs its own.
function hasWebGl2(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

// The drawing buffer is kept so that the picture can be read back (screenshots, the browser tests). The scene
// is drawn over a clear background: the canvas's own (CSS) background follows the light or dark colour scheme.
export const createWebGlRenderer: CreateJawRenderer = (canvas) => {
  if (!hasWebGl2()) throw new WebGlUnavailableError('WebGL 2 is not available');
  return new WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
};
