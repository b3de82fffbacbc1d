// @cuspid/mesh: reading, welding and checking dental scan meshes. No Node module: runs in a Web Worker too.
export { analyzeMesh, type BoundingBox, type EdgeTable, type MeshReport, tallyEdges } from './analyze';
export {
  assessJawScan,
  DEFAULT_JAW_SCAN_LIMITS,
  type JawScanAssessment,
  type JawScanLimits,
  type JawScanRejection,
} from './assess';
export { type BoundaryLoop, borderIndex, boundaryLoops } from './boundary';
export {
  checkScan,
  SCAN_CHECK_MIN_HEAD_BYTES,
  SCAN_CHECK_TAIL_BYTES,
  type ScanCheck,
  type ScanCheckInput,
  type ScanRefusal,
} from './check';
export { detectFormat, isDcmFile } from './detect';
export { isMeshError, MeshError, type MeshErrorCode } from './errors';
export {
  AXIS_ROTATIONS,
  applyMatrix,
  axisRotationCode,
  findJawFrame,
  type JawFrame,
  type JawFrameOptions,
  type JawKind,
  type Matrix3,
  multiplyMatrices,
  type OrientationStep,
  orientedMatrix,
  turnOrientation,
} from './frame';
export { DEFAULT_MAX_TRIANGLES } from './internal';
export { computeVertexNormals } from './normals';
export { type ParsedMesh, type ParseOptions, parseMesh } from './parse';
export { MAX_FILLED_HOLE_EDGES, type RepairOptions, type RepairResult, repairMesh } from './repair';
export {
  type IndexedMesh,
  isIndexedMesh,
  type MeshFormat,
  type TriangleSoup,
  toTriangleSoup,
  type Vec3,
} from './types';
export { type WeldOptions, weldMesh } from './weld';
export { type BinaryStlOptions, type PlyOptions, writeAsciiStl, writeBinaryStl, writeObj, writePly } from './writers';
