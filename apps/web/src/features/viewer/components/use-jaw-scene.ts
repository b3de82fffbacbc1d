import { type RefObject, useEffect, useState } from 'react';
import { type CreateJawRenderer, createJawScene, type JawScene, WebGlUnavailableError } from '../lib/jaw-scene';

/**
 * The scene on the viewer's canvas, sized with it: null until it is made, and for good when the browser cannot
 * draw 3D (`hasNoWebGl`).
 */
export function useJawScene(canvasRef: RefObject<HTMLCanvasElement | null>, createRenderer: CreateJawRenderer) {
  const [scene, setScene] = useState<JawScene | null>(null);
  const [hasNoWebGl, setHasNoWebGl] = useState(false);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let created: JawScene;
    try {
      created = createJawScene(canvas, createRenderer);
    } catch (error) {
      if (!(error instanceof WebGlUnavailableError)) console.error('The 3D preview could not start', error);
      setHasNoWebGl(true);
      return;
    }
    const resize = () => created.resize(canvas.clientWidth, canvas.clientHeight);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
    observer?.observe(canvas);
    resize();
    setScene(created);
    return () => {
      observer?.disconnect();
      created.dispose();
      setScene(null);
    };
  }, [canvasRef, createRenderer]);
  return { scene, hasNoWebGl };
}
