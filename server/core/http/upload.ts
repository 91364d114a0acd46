/**
 * File uploads at the contract boundary (route.ts calls these for every endpoint with `upload`): the multipart
 * request's text parts become the raw params (then checked and validated like any body), its one file part is read
 * into memory up to the endpoint's limit, and its bytes must be the declared kind (file-type reads the content;
 * the name and the browser's content type are never trusted). A refusal here is translated: too large, more than
 * one file, the wrong kind (HTTP 200 success:false, for the user to act on); an unreadable request is a 400.
 */
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadKind, UploadSpec } from '../../../engine/api/endpoint';
import type { Locale } from '../../../engine/api/localized';
import { message } from '../messages';
import { HttpAnswer, fail } from './envelope';
import { errorAnswer } from './errorAnswer';

export interface UploadedFile {
  /** The name the client gave (shown back to the user; never used to decide anything). */
  filename: string;
  bytes: Buffer;
}

/** What file-type answers for each binary kind the contract knows. */
const DETECTED_EXT: Record<Exclude<UploadKind, 'text'>, string> = { xlsx: 'xlsx' };

/** UTF-8 text (a BOM allowed), no NUL byte, and not a binary file file-type recognises. */
async function isUtf8Text(bytes: Buffer): Promise<boolean> {
  if (bytes.length === 0 || bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  const detected = await fileTypeFromBuffer(bytes);
  // file-type names some text formats (xml); anything binary it detects is refused
  return detected === undefined || detected.mime.startsWith('text/') || detected.ext === 'xml';
}
/** Longest file name accepted (most file systems' limit). */
const MAX_FILENAME = 255;
// C0, DEL, C1 controls, bidi embeddings/overrides/isolates, and path separators
// eslint-disable-next-line no-control-regex
const BAD_FILENAME_CHAR = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069/\\]/;

/**
 * Whether an uploaded file's name may be stored and shown back (docs/interchange-download.md): no control or
 * bidi-override character, no path separator (the multipart parser already keeps only the last path segment of
 * a name a client sends with its folders), at most 255 characters. Anything else is refused (400), not rewritten:
 * the name is what the user sees in the import list and audit trail.
 */
export function isAcceptableFilename(name: string): boolean {
  return [...name].length <= MAX_FILENAME && !BAD_FILENAME_CHAR.test(name);
}

/** Text parts beyond the params an upload endpoint may have. */
const MAX_FIELDS = 20;
const MAX_FIELD_BYTES = 64 * 1024;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))}M`;

function refused(locale: Locale, id: Parameters<typeof message>[0], values: Record<string, string> = {}) {
  return new HttpAnswer(200, fail(message(id, locale, values)));
}

function codeOf(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && typeof (err as { code?: unknown }).code === 'string'
    ? (err as { code: string }).code
    : undefined;
}

/**
 * The raw params and the file of an upload request. A request that is not multipart (a JSON body) gives its body
 * as the params and no file (the route then answers the missing file as a parameter error).
 */
export async function readUpload(
  spec: UploadSpec,
  request: FastifyRequest,
  locale: Locale,
): Promise<{ raw: unknown; file: UploadedFile | null }> {
  if (!request.isMultipart()) return { raw: request.body ?? {}, file: null };
  const raw: Record<string, unknown> = {};
  let file: UploadedFile | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: spec.maxBytes,
        files: 1,
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        parts: MAX_FIELDS + 1,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== spec.field) {
          await part.toBuffer().catch(() => undefined);
          throw new HttpAnswer(400, fail(message('paramErrorIn', locale, { names: part.fieldname })));
        }
        if (part.filename && !isAcceptableFilename(part.filename)) {
          await part.toBuffer().catch(() => undefined);
          throw new HttpAnswer(400, fail(message('uploadBadFilename', locale)));
        }
        file = { filename: part.filename || spec.field, bytes: await part.toBuffer() };
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value);
        const before = raw[part.fieldname];
        raw[part.fieldname] =
          before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
      }
    }
  } catch (err) {
    if (err instanceof HttpAnswer) throw err;
    const code = codeOf(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw refused(locale, 'uploadTooLarge', { max: megabytes(spec.maxBytes) });
    if (code === 'FST_FILES_LIMIT') throw refused(locale, 'uploadOneFile');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION')
      throw new HttpAnswer(400, fail(message('paramError', locale)));
    // a torn or malformed multipart body: the client sent something we cannot read
    throw errorAnswer(request, err, locale, 400, 'requestUnreadable');
  }
  return { raw, file };
}

/** Refuses a file whose bytes are not of the declared kind (a text or a .docx renamed .xlsx, an empty file). */
export async function refuseWrongContent(
  spec: UploadSpec,
  file: UploadedFile,
  locale: Locale,
): Promise<void> {
  if (spec.kind === 'text') {
    if (!(await isUtf8Text(file.bytes))) throw refused(locale, 'uploadNotText');
    return;
  }
  const detected = file.bytes.length > 0 ? await fileTypeFromBuffer(file.bytes) : undefined;
  if (detected?.ext !== DETECTED_EXT[spec.kind])
    throw refused(locale, 'uploadWrongType', { kind: spec.kind });
}
