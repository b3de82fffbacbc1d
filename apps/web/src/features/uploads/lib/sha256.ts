const CHUNK = 8 * 1024 * 1024;

/**
 * The sha256 of a file as hex, read in 8 MB slices (File.slice): never the whole file in memory.
 * Stops with an AbortError when the signal aborts.
 */
export async function sha256OfFile(
  file: Blob,
  options: { signal?: AbortSignal; onProgress?: (bytes: number) => void } = {},
): Promise<string> {
  const { createSHA256 } = await import('hash-wasm');
  const hasher = await createSHA256();
  hasher.init();
  for (let offset = 0; offset < file.size; offset += CHUNK) {
    options.signal?.throwIfAborted();
    const slice = await file.slice(offset, Math.min(offset + CHUNK, file.size)).arrayBuffer();
    hasher.update(new Uint8Array(slice));
    options.onProgress?.(Math.min(offset + CHUNK, file.size));
  }
  return hasher.digest('hex');
}
