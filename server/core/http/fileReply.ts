/**
 * A file answer of an endpoint declared `file: true` (engine/api/fileAnswer.ts; docs/interchange-download.md): the
 * handler returns a `FileReply` — name, type, length and a stream of the bytes — and the route (route.ts) sends it
 * after every check has passed: Content-Type, Content-Disposition (RFC 6266, the name made safe), Content-Length and
 * `nosniff`. The stream is read as the client reads (back-pressure), so a large file never sits in memory whole.
 */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../../engine/api/fileAnswer';

export class FileReply {
  constructor(
    readonly filename: string,
    readonly mimetype: string,
    /** The exact length, when known (Content-Length); null: sent chunked. */
    readonly bytes: number | null,
    readonly stream: Readable,
  ) {}
}

/** A text type says its charset (the exports are UTF-8). */
function contentType(mimetype: string): string {
  return /^text\/|\/(?:xml|json)$/.test(mimetype) && !/charset=/i.test(mimetype)
    ? `${mimetype}; charset=utf-8`
    : mimetype;
}

export function sendFile(reply: FastifyReply, file: FileReply): FastifyReply {
  reply.code(200);
  reply.header('content-type', contentType(file.mimetype));
  reply.header('content-disposition', contentDisposition(file.filename));
  reply.header('x-content-type-options', 'nosniff');
  if (file.bytes !== null) reply.header('content-length', String(file.bytes));
  return reply.send(file.stream);
}
