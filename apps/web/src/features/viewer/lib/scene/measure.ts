import {
  BufferGeometry,
  Group,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  type Scene,
  SphereGeometry,
  type Vector3,
} from 'three';

const MEASURE_COLOR = 0xe8590c;

/** The measurement in the scene: its points and the line between them, drawn over the models (never hidden). */
export function createMeasure(scene: Scene) {
  const group = new Group();
  group.renderOrder = 10;
  scene.add(group);
  const markerMaterial = new MeshBasicMaterial({ color: MEASURE_COLOR, depthTest: false });
  const lineMaterial = new LineBasicMaterial({ color: MEASURE_COLOR, depthTest: false });
  let markerGeometry = new SphereGeometry(1, 16, 12);

  const clear = () => {
    for (const child of [...group.children]) {
      group.remove(child);
      if (child instanceof Line) child.geometry.dispose();
    }
  };

  return {
    /** Shows points (world coordinates; at most two joined by a line), their markers sized to the models' `radius`. */
    show(points: readonly Vector3[], radius: number) {
      clear();
      markerGeometry.dispose();
      markerGeometry = new SphereGeometry(Math.max(radius * 0.008, 0.05), 16, 12);
      for (const at of points) {
        const marker = new Mesh(markerGeometry, markerMaterial);
        marker.position.copy(at);
        marker.renderOrder = 10;
        group.add(marker);
      }
      if (points.length === 2) {
        const line = new Line(new BufferGeometry().setFromPoints([...points]), lineMaterial);
        line.renderOrder = 10;
        group.add(line);
      }
    },
    dispose() {
      clear();
      markerGeometry.dispose();
      markerMaterial.dispose();
      lineMaterial.dispose();
    },
  };
}
