/**
 * Saves a downloaded file (a file endpoint's Blob, engine/api/fileAnswer.ts) through the browser's download: an
 * object URL, a click on a temporary link, the URL revoked after. The bytes stay in the Blob (large ones kept on
 * disk by the browser); nothing is read as text or base64.
 */
import type { DownloadedFile } from '../../engine/api/fileAnswer';

export function saveBlob(file: Pick<DownloadedFile, 'blob' | 'filename'>, doc: Document = document): void {
  const url = URL.createObjectURL(file.blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  // revoked once the browser has taken the download over
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
