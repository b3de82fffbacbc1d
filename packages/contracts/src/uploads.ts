import { z } from 'zod';

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
