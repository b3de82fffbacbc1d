import { formatUploadLimit, hasExtension, SCAN_FILE_EXTENSIONS, SCAN_MESH_EXTENSIONS } from '@cuspid/contracts/uploads';

export { SCAN_FILE_EXTENSIONS };

/** Whether the uploader takes this file at all (a scan or a ZIP of scans). */
export const isAcceptedFile = (name: string) => hasExtension(name, SCAN_FILE_EXTENSIONS);
export const isZip = (name: string) => hasExtension(name, ['.zip']);
export const isScan = (name: string) => hasExtension(name, SCAN_MESH_EXTENSIONS);
/** 3Shape's own format (encrypted): refused with what to export instead. */
export const isDcm = (name: string) => hasExtension(name, ['.dcm']);

/**
 * Why a file cannot be uploaded before a byte is sent: too large (the server's own words and limit,
 * 'The file is larger than 500 MB'), or null. `t` translates (the errors namespace must be loaded).
 */
export function sizeProblem(
  size: number,
  maxBytes: number,
  t: (key: string, params: Record<string, string>) => string,
  /** The limit in the reader's units (useFormat().fileSize); the server's English ones without it. */
  fileSize: (bytes: number) => string = formatUploadLimit,
): string | null {
  if (size <= maxBytes) return null;
  return t('errors:UPLOAD_TOO_LARGE', { limit: fileSize(maxBytes) });
}
