import type { DownloadedFile } from './queries.js';

/** Hands a downloaded file to the browser's save dialog (what a download link would do). */
export function saveFile({ blob, fileName }: DownloadedFile, document = globalThis.document): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
