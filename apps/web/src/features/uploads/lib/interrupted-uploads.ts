/**
 * Uploads of this user that a reload or a closed tab interrupted: tus-js-client keeps each unfinished upload's
 * URL in localStorage under `tus::<fingerprint>::<n>` (the fingerprint of tus-upload.ts), and picking the same
 * file again continues it. Read here without loading the tus client, so the uploader can say so before a file
 * is picked.
 */

/** The start of every fingerprint of this user's scan uploads (tus-upload.ts builds the rest). */
export const scanFingerprintPrefix = (mail: string) => `cuspid-scan::${mail}::`;

/** The server drops an upload that was not finished within a day of its start (ADR 0100): older ones are gone. */
const KEPT_MS = 24 * 60 * 60 * 1000;

export type InterruptedUpload = { storageKey: string; fileName: string; size: number; uploadUrl: string | null };

type StoredUpload = { size?: number; metadata?: Record<string, string>; creationTime?: string; uploadUrl?: string };

/** This user's interrupted uploads, oldest first; entries past the server's clean-up are removed. */
export function findInterruptedUploads(mail: string, now = Date.now()): InterruptedUpload[] {
  if (typeof localStorage === 'undefined' || !mail) return [];
  const prefix = `tus::${scanFingerprintPrefix(mail)}`;
  const found: (InterruptedUpload & { started: number })[] = [];
  const expired: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(prefix)) continue;
    let stored: StoredUpload;
    try {
      stored = JSON.parse(localStorage.getItem(key) ?? '') as StoredUpload;
    } catch {
      expired.push(key);
      continue;
    }
    const started = Date.parse(stored.creationTime ?? '');
    if (!Number.isFinite(started) || now - started > KEPT_MS) {
      expired.push(key);
      continue;
    }
    found.push({
      storageKey: key,
      fileName: stored.metadata?.filename ?? '',
      size: stored.size ?? 0,
      uploadUrl: stored.uploadUrl ?? null,
      started,
    });
  }
  for (const key of expired) localStorage.removeItem(key);
  return found.sort((a, b) => a.started - b.started).map(({ started: _started, ...upload }) => upload);
}

/** Forgets an interrupted upload in this browser (the server's clean-up removes its bytes). */
export function forgetInterruptedUpload(storageKey: string): void {
  localStorage.removeItem(storageKey);
}
