/**
 * Saves a file the server sent (a `DownloadFile`: name, content type, base64 bytes) through the browser's download:
 * a Blob, an object URL, a click on a temporary link, the URL revoked after.
 */
import type { DownloadFile } from '../../../../engine/api/subjectManagement';

export function blobOf(file: DownloadFile): Blob {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: file.mimetype });
}

export function saveDownload(file: DownloadFile, doc: Document = document): void {
  const url = URL.createObjectURL(blobOf(file));
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.rel = 'noopener';
  doc.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
