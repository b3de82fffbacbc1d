// The mesh worker: reads scan files off the main thread, so that the page stays responsive on large scans.
import type { MeshRequest, MeshResponse } from './mesh-messages';
import { prepareMesh } from './prepare-mesh';

// The web's TypeScript setup knows the window's globals only; these two are the worker scope's.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<MeshRequest>) => void) | null;
  postMessage(message: MeshResponse, transfer: Transferable[]): void;
};

scope.onmessage = (event) => prepareMesh(event.data, (message, transfer) => scope.postMessage(message, transfer));
