import { TUS_METADATA, UPLOAD_ROUTES } from '@cuspid/contracts/uploads';
import { refreshOrEndSession } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { serviceUrl } from '../../../lib/runtime-config';
import { sessionStore } from '../../../lib/session';
import { scanFingerprintPrefix } from './interrupted-uploads';

/** 32 MB per PATCH: a dropped connection costs at most one chunk, and each request stays short. */
const CHUNK_SIZE = 32 * 1024 * 1024;

export type TusHandle = { pause(): void; resume(): void; cancel(): Promise<void> };

export type TusCallbacks = {
  onProgress(bytesSent: number, bytesTotal: number): void;
  /** The upload's id (from its URL), once every byte is on the server. */
  onSuccess(uploadId: string): void;
  /**
   * The upload stopped for good: the server's answer in the error shape (a refusal: too large, no scan…; status 0
   * when none came), and the upload's id once the server made one (a refused scan is kept until it is removed).
   */
  onError(error: ApiError, uploadId: string | null): void;
};

/** A failed tus request's answer, in the error shape the rest of the web reads (code, params, message). */
export function apiErrorOf(error: Error & { originalResponse?: { getStatus(): number; getBody(): string } | null }) {
  const response = error.originalResponse;
  if (!response) return new ApiError(0, { message: error.message });
  let body: unknown = null;
  try {
    body = JSON.parse(response.getBody());
  } catch {
    // Not the server's JSON (a proxy's page): the status alone.
  }
  return new ApiError(response.getStatus(), typeof body === 'object' && body !== null ? body : {});
}

const idOf = (url: string | null) => url?.split('/').pop() || null;

/**
 * Starts (or continues) a tus upload of one file to POST /api/uploads. tus-js-client keeps the upload's
 * URL in localStorage under a fingerprint of the file (`fingerprint`: name, size, date, and the user), so
 * picking the same file again after a reload continues from the offset the server holds.
 */
export async function startTusUpload(
  file: File,
  options: { fingerprint: string; callbacks: TusCallbacks },
): Promise<TusHandle> {
  const tus = await import('tus-js-client');
  const { callbacks } = options;
  const upload = new tus.Upload(file, {
    endpoint: serviceUrl('api', UPLOAD_ROUTES.tus),
    chunkSize: CHUNK_SIZE,
    retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000],
    metadata: {
      [TUS_METADATA.fileName]: file.name,
      [TUS_METADATA.contentType]: file.type || 'application/octet-stream',
    },
    fingerprint: async () =>
      `${scanFingerprintPrefix(sessionStore.get()?.token_info.user.mail ?? '')}${options.fingerprint}`,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    // The access token of the moment on every request: a long upload outlives one token.
    onBeforeRequest: (request) => {
      const token = sessionStore.get()?.token;
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onShouldRetry: (error) => {
      const status = error.originalResponse?.getStatus() ?? 0;
      if (status === 401) {
        void refreshOrEndSession();
        return true;
      }
      // Refusals (size, permission, a gone upload) are final; network errors, 409/423 and 5xx are retried.
      return !(status >= 400 && status < 500 && status !== 409 && status !== 423);
    },
    onProgress: callbacks.onProgress,
    onSuccess: () => callbacks.onSuccess(idOf(upload.url) ?? ''),
    onError: (error) => callbacks.onError(apiErrorOf(error), idOf(upload.url)),
  });
  const previous = await upload.findPreviousUploads();
  if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
  upload.start();
  return {
    pause: () => void upload.abort(false),
    resume: () => upload.start(),
    cancel: () => upload.abort(true),
  };
}
