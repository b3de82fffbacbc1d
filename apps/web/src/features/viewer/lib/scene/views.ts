import { MathUtils, type Sphere, Vector3 } from 'three';

export const JAW_VIEWS = ['front', 'left', 'right', 'occlusalUpper', 'occlusalLower'] as const;
export type JawView = (typeof JAW_VIEWS)[number];

export const FIELD_OF_VIEW = 35;
/** How long the camera takes to move to a view, in milliseconds. */
export const VIEW_MOVE_MS = 450;

/**
 * The scene shows the jaws in their anatomical frame: z along the teeth's long axis (the lower jaw's teeth point
 * to +z), y towards the front teeth, x towards the patient's right. Scans are turned into it by their jaw's
 * rotation (the detected frame and the user's correction), whatever the scanner's axes. Each view is where the
 * camera stands, seen from the centre; the occlusal views lean a little towards the front so that the front teeth
 * are at the top of the picture.
 */
const VIEW_DIRECTIONS: Record<JawView, Vector3> = {
  front: new Vector3(0, 1, 0),
  left: new Vector3(-1, 0, 0),
  right: new Vector3(1, 0, 0),
  occlusalUpper: new Vector3(0, 0.05, -1).normalize(),
  occlusalLower: new Vector3(0, -0.05, 1).normalize(),
};

/** Where the camera stands for a view so that `sphere` fills the picture (of that `aspect`), and its clip range. */
export function viewPose(view: JawView, sphere: Sphere, aspect: number) {
  const halfFov = MathUtils.degToRad(FIELD_OF_VIEW / 2);
  const fit = Math.min(halfFov, Math.atan(Math.tan(halfFov) * aspect));
  const distance = (sphere.radius / Math.sin(fit)) * 1.05;
  return {
    target: sphere.center,
    position: sphere.center.clone().addScaledVector(VIEW_DIRECTIONS[view], distance),
    near: Math.max(distance / 100, 0.01),
    far: distance * 10,
  };
}

/** Ease in and out (cubic): 0…1 to 0…1. */
export const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);
