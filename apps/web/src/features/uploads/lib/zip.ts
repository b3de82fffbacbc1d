import { isScan } from './scan-files';

/** A scan taken out of a ZIP: its name (without folders) and bytes. */
export type ExtractedScan = File;

/** Entries that are no files of the user's: folders, macOS resource forks (__MACOSX/, ._name) and hidden files. */
function isIgnored(path: string): boolean {
  if (path.endsWith('/')) return true;
  const parts = path.split('/');
  if (parts.some((part) => part === '__MACOSX')) return true;
  const name = parts[parts.length - 1] ?? '';
  return name.startsWith('.');
}

/**
 * Opens a ZIP in the browser and takes out its scans (.stl, .ply, .obj), streaming: the archive is read
 * in pieces (Blob.stream) and only the wanted entries are inflated; everything else is skipped unread. The names
 * of the other files (a readme, a photo; not folders or hidden files) are added to `others` when given.
 */
export async function extractScans(zip: Blob, others?: string[]): Promise<ExtractedScan[]> {
  const { Unzip, UnzipInflate, UnzipPassThrough } = await import('fflate');
  const found: Promise<ExtractedScan>[] = [];
  const unzip = new Unzip((entry) => {
    if (isIgnored(entry.name)) return;
    const name = entry.name.split('/').pop()!;
    if (!isScan(name)) return void others?.push(name);
    const parts: Uint8Array[] = [];
    found.push(
      new Promise<ExtractedScan>((resolve, reject) => {
        entry.ondata = (error, chunk, final) => {
          if (error) return reject(error);
          parts.push(chunk);
          if (final) resolve(new File(parts as BlobPart[], name, { type: 'application/octet-stream' }));
        };
      }),
    );
    entry.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  const reader = zip.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    unzip.push(value);
  }
  unzip.push(new Uint8Array(0), true);
  return Promise.all(found);
}
