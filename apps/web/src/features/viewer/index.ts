// What other features use of the viewer: the 3D preview of a case's jaws and results, loaded on first use so
// that no other page downloads three.js or the mesh reader.
import { lazy } from 'react';

export type { ViewerResult, ViewerScan } from './lib/viewer-layers';

export const JawViewer = lazy(async () => ({ default: (await import('./components/jaw-viewer')).JawViewer }));
