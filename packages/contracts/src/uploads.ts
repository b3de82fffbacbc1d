import { z } from 'zod';
import { defineErrors } from './errors';

/**
 * Scan uploads (ADR 0100): a file arrives over tus 1.0 (resumable), is stored once complete, and is
 * verified against the sha256 the browser computed. A case then consumes it by id.
 */

/** The files the scan uploader accepts; a ZIP is opened in the browser and its scans taken out. */
export const SCAN_FILE_EXTENSIONS = ['.stl', '.ply', '.obj', '.zip'] as const;
/** The scan formats a ZIP may hold (everything else in it is ignored). */
export const SCAN_MESH_EXTENSIONS = ['.stl', '.ply', '.obj'] as const;

/** The default largest scan (UPLOAD_MAX_BYTES): 500 MB. */
export const DEFAULT_UPLOAD_MAX_BYTES = 500 * 1024 * 1024;

/**
 * `refused`: every byte arrived, but the file is no scan that can be processed (not a mesh, a 3Shape DCM, cut short,
 * without triangles): the reason is its `failure_reason`, and no case can take it.
 */
export const UPLOAD_STATUSES = ['uploading', 'stored', 'verified', 'failed', 'refused', 'consumed'] as const;
export const uploadStatusSchema = z.enum(UPLOAD_STATUSES);
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

export const JAWS = ['upper', 'lower'] as const;
export type Jaw = (typeof JAWS)[number];

/** A size limit as people say it: '500 MB' (binary megabytes, as the limit is configured). */
export function formatUploadLimit(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  const kb = bytes / 1024;
  if (kb >= 1) return `${Number.isInteger(kb) ? kb : kb.toFixed(1)} KB`;
  return `${bytes} bytes`;
}

/** A sha256 digest as 64 hex digits (either case; compared in lower case). */
export const sha256HexSchema = z
  .string()
  .regex(/^[0-9a-fA-F]{64}$/, 'A sha256 digest: 64 hexadecimal digits')
  .transform((v) => v.toLowerCase());

export const completeUploadBodySchema = z.object({ sha256: sha256HexSchema });
export type CompleteUploadBody = z.infer<typeof completeUploadBodySchema>;

export const uploadSchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  created_by: z.uuid().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  /** Bytes announced at creation (Upload-Length). */
  size: z.number().int(),
  /** Bytes received so far (equals size once stored). */
  offset: z.number().int(),
  /** The server's digest, once stored. */
  sha256: z.string().nullable(),
  status: uploadStatusSchema,
  failure_reason: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  consumed_at: z.string().nullable(),
});
export type Upload = z.infer<typeof uploadSchema>;

/** Paths of the upload endpoint (relative to the api service). The tus endpoint is `uploads` and `uploads/{id}`. */
export const UPLOAD_ROUTES = {
  tus: '/uploads',
  upload: (id: string) => `/uploads/${id}`,
  complete: (id: string) => `/uploads/${id}/complete`,
} as const;

/** The one name a file goes by in tus metadata (`Upload-Metadata: filename …, filetype …`). */
export const TUS_METADATA = { fileName: 'filename', contentType: 'filetype' } as const;

/** Whether a file name ends in one of the given extensions (case-insensitive). */
export function hasExtension(fileName: string, extensions: readonly string[]): boolean {
  const lower = fileName.toLowerCase();
  return extensions.some((ext) => lower.endsWith(ext));
}

/** The scan uploads' refusals (ADR 0100). */
export const UPLOAD_ERRORS = defineErrors({
  UPLOAD_TOO_LARGE: { status: 413, message: 'The file is larger than {{limit}}' },
  UPLOAD_BEYOND_LENGTH: { status: 413, message: 'More bytes arrived than the upload announced ({{size}} bytes)' },
  UPLOAD_OFFSET_MISMATCH: { status: 409, message: 'The upload continues at byte {{offset}}: send the rest from there' },
  UPLOAD_LENGTH_REQUIRED: { status: 400, message: 'The upload must say its size (Upload-Length) when it starts' },
  UPLOAD_NOT_IN_PROGRESS: { status: 409, message: 'This upload is finished already: no more data can be sent to it' },
  UPLOAD_NOT_STORED: { status: 409, message: 'This upload is not complete yet: send the rest of the file first' },
  UPLOAD_CHECKSUM_MISMATCH: {
    status: 422,
    message: 'The file arrived damaged (its checksum does not match). Please upload it again.',
  },
  UPLOAD_NOT_VERIFIED: { status: 409, message: 'The scan upload is not finished and checked yet' },
  UPLOAD_CONSUMED: { status: 409, message: 'This scan upload was used for a case already' },
  UPLOAD_STORE_FAILED: { status: 500, message: 'The uploaded file could not be stored. Please upload it again.' },
  // A scan refused when its upload completes, before a case can be charged for it.
  UPLOAD_NOT_A_SCAN: { status: 422, message: 'Not a scan file: {{name}} is not an STL, PLY or OBJ mesh' },
  UPLOAD_SCAN_DCM: {
    status: 422,
    message: "DCM is 3Shape's encrypted format: export the scan as STL or PLY from your scanner software",
  },
  UPLOAD_SCAN_CUT_SHORT: {
    status: 422,
    message:
      '{{name}} is cut short: the {{format}} file ends before all the triangles it declares. Please upload the complete file.',
  },
  UPLOAD_SCAN_EMPTY: { status: 422, message: '{{name}} holds no surface: the {{format}} file has no triangles' },
  UPLOAD_SCAN_UNREADABLE: { status: 422, message: '{{name}} cannot be read as a scan. {{detail}}' },
  UPLOAD_SCAN_TOO_MANY_TRIANGLES: {
    status: 422,
    message:
      '{{name}} has more than {{max}} triangles, more than can be processed. Please export it at a lower resolution.',
  },
  // The tus protocol's own refusals: the statuses tus clients act on.
  UPLOAD_TUS_VERSION_UNSUPPORTED: {
    status: 412,
    message:
      'The upload used another version of the upload protocol (this server speaks tus {{version}}). Please reload the page.',
  },
  UPLOAD_EXTENSION_UNSUPPORTED: {
    status: 501,
    message: 'The upload asked for tus {{extension}}, which this server does not offer',
  },
  UPLOAD_GONE: { status: 410, message: 'This upload is no longer available. Please upload the file again.' },
});

declare module './errors' {
  interface AreaErrors {
    uploads: typeof UPLOAD_ERRORS;
  }
}
