import type { DownloadedFile } from './api-client';

/** The file name of a Content-Disposition header: the UTF-8 `filename*` first, else `filename`. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // a broken encoding: fall back to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** Hands a downloaded file to the browser's download (the server's file name, else the fallback). */
export function saveFile(file: DownloadedFile, fallbackName: string): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFromDisposition(file.disposition) ?? fallbackName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started once click() returns; the URL is kept a little for slow browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
