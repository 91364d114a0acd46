/**
 * File answers (docs/interchange-download.md): an endpoint declared with `file: true` answers a success with the
 * file itself — its bytes as the body (streamed by the server, never base64 in JSON), its type in `Content-Type`,
 * its name in `Content-Disposition` (RFC 6266: an ASCII `filename` and the exact name as `filename*` in UTF-8,
 * RFC 8187) and its length in `Content-Length`. A refusal is an ordinary `{success, msg, data}` envelope (JSON).
 * The endpoint's `data` schema describes what the headers carry (`fileAnswerSchema`); the client hands the caller
 * that plus the body (`DownloadedFile`).
 *
 * The name is made safe on both sides (`safeFilename`): no control or bidi-override character, no path separator,
 * no leading dot, at most 200 characters — a name the server or a hostile proxy sends cannot point a browser's save
 * dialog elsewhere.
 */
import * as cs from '../schema';
import { num, str } from './endpoint';

export const fileAnswerSchema = cs.object({
  filename: str().required(),
  mimetype: str().required(),
  /** Content-Length, when the server sent it. */
  bytes: num().integer().min(0).nullable().defined(),
});
export type FileAnswer = cs.InferType<typeof fileAnswerSchema>;

/** What the client hands the caller of a file endpoint: the headers' facts and the body. */
export interface DownloadedFile extends FileAnswer {
  blob: Blob;
}

const MAX_NAME = 200;
// C0, DEL, C1 controls; bidi embeddings, overrides and isolates (a name that reads `gpj.exe` backwards)
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const SEPARATORS = /[/\\]/g;

/** A file name safe to save under: unsafe characters and path separators become `_`, no leading dot, ≤ 200. */
export function safeFilename(name: string): string {
  const cleaned = name
    .replace(UNSAFE_CHARS, '_')
    .replace(SEPARATORS, '_')
    .replace(/^[.\s]+/, '')
    .trim();
  const cut = [...cleaned].slice(0, MAX_NAME).join('');
  return cut === '' ? 'download' : cut;
}

/** RFC 8187 `attr-char`s stay as they are; every other UTF-8 byte is percent-encoded. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `attachment; filename="<ASCII>"; filename*=UTF-8''<percent-encoded>` for a (made safe) file name. */
export function contentDisposition(filename: string): string {
  const name = safeFilename(filename);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}

/** The file name of a Content-Disposition value (`filename*` first, then `filename`), or null. */
export function filenameOf(disposition: string | undefined): string | null {
  if (!disposition) return null;
  const ext = /filename\*\s*=\s*([^']*)'[^']*'([^;\s]+)/i.exec(disposition);
  if (ext && /^utf-8$/i.test(ext[1] ?? '')) {
    try {
      return decodeURIComponent(ext[2] ?? '');
    } catch {
      // a malformed escape: fall back to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(disposition);
  if (quoted) return (quoted[1] ?? '').replace(/\\(.)/g, '$1');
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(disposition);
  return bare ? (bare[1] ?? null) : null;
}

/** Whether a response's content type is the JSON of an envelope (a refusal) rather than a file. */
export function isJsonType(contentType: string | undefined): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test((contentType ?? '').trim());
}

/** The facts of a file answer from its headers (lower-case names); the name made safe. */
export function readFileAnswer(headers: Readonly<Record<string, string | undefined>>): FileAnswer {
  const type = (headers['content-type'] ?? '').split(';')[0]?.trim() || 'application/octet-stream';
  const length = Number(headers['content-length']);
  return {
    filename: safeFilename(filenameOf(headers['content-disposition']) ?? ''),
    mimetype: type,
    bytes: Number.isInteger(length) && length >= 0 ? length : null,
  };
}
