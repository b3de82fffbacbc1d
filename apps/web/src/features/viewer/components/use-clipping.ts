import { useEffect, useState } from 'react';
import type { Clipping, JawScene } from '../lib/jaw-scene';
import { DEFAULT_CLIPPING } from './viewer-tools';

/** The cross-section, none at first, applied to the scene; `toggle` turns the default one on or off. */
export function useClipping(scene: JawScene | null) {
  const [clipping, setClipping] = useState<Clipping | null>(null);
  useEffect(() => {
    scene?.setClipping(clipping);
  }, [scene, clipping]);
  const toggle = () => setClipping((value) => (value ? null : DEFAULT_CLIPPING));
  return { clipping, setClipping, toggle };
}
