import type { Jaw } from '@cuspid/contracts/cases';
import type { OrientationStep } from '@cuspid/mesh';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { type DetectedFrame, jawRotations, turnOrientation } from '../lib/jaw-orientation';
import type { JawScene } from '../lib/jaw-scene';
import { type LayerPlan, scanLayerKey, type ViewerScan } from '../lib/viewer-layers';
import type { JawLoad } from './use-jaw-meshes';
import { type ShownLayers, shownMesh } from './use-layers';

/**
 * Each jaw's anatomical frame in the scene: the frame the mesh worker detected, turned by the user's correction
 * (saved through `onChange`). Call before useSceneLayers: the models are placed and framed turned.
 */
export function useOrientation({
  scene,
  scans,
  plans,
  loads,
  shown,
  onChange,
}: {
  scene: JawScene | null;
  scans: readonly ViewerScan[];
  plans: readonly LayerPlan[];
  loads: Record<string, JawLoad>;
  shown: RefObject<ShownLayers>;
  onChange?: (jaw: Jaw, orientation: number) => void;
}) {
  // The corrections as saved on the case, changed here at once when the user turns a jaw (saved meanwhile).
  const savedOrientations = scans.map((scan) => `${scan.jaw}:${scan.orientation ?? 0}`).join(',');
  const [corrections, setCorrections] = useState<Partial<Record<Jaw, number>>>(() =>
    Object.fromEntries(scans.map((scan) => [scan.jaw, scan.orientation ?? 0])),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the saved codes, named by `savedOrientations`
  useEffect(() => {
    setCorrections(Object.fromEntries(scans.map((scan) => [scan.jaw, scan.orientation ?? 0])));
  }, [savedOrientations]);

  // Each jaw's anatomical frame, as the mesh worker found it in the first of its files shown (the preview or the
  // scan): kept, so that the full scan replacing the preview does not move the jaw by a degree.
  const detectedRef = useRef<Partial<Record<Jaw, DetectedFrame>>>({});
  for (const { jaw } of scans) {
    const plan = plans.find((candidate) => candidate.key === scanLayerKey(jaw));
    const frame = plan ? shownMesh(plan, loads)?.frame : undefined;
    if (frame && !detectedRef.current[jaw]) detectedRef.current[jaw] = frame;
  }
  const detected = detectedRef.current;
  const rotations = jawRotations(detected, corrections);
  const rotationsKey = JSON.stringify(rotations);
  const correctionsKey = JSON.stringify(corrections);
  const lastCorrections = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the rotations follow `rotationsKey`
  useEffect(() => {
    if (!scene) return;
    for (const jaw of ['upper', 'lower'] as const) scene.setJawRotation(jaw, rotations[jaw] ?? null);
    // Turned by the user after the first frame: seen from the front again, framed on where the jaws are now.
    const isTurned = lastCorrections.current !== null && lastCorrections.current !== correctionsKey;
    if (isTurned && shown.current.isFramed) scene.setView('front', false);
    lastCorrections.current = correctionsKey;
  }, [scene, rotationsKey, correctionsKey]);

  const turn = (jaw: Jaw, step: OrientationStep | 'reset') => {
    const next = step === 'reset' ? 0 : turnOrientation(corrections[jaw] ?? 0, step);
    setCorrections((current) => ({ ...current, [jaw]: next }));
    onChange?.(jaw, next);
  };

  return {
    /** Whether the user turned the jaw from its detected frame. */
    isCorrected: (jaw: Jaw) => (corrections[jaw] ?? 0) !== 0,
    /** Whether the detection was unsure of the jaw's frame. */
    isUncertain: (jaw: Jaw) => (detected[jaw]?.confidence ?? 1) < 0.3,
    turn,
  };
}
