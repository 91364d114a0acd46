/**
 * Unexpected failures (issue 15, finding 5): a response never carries internal error text (a TypeError's message, a
 * stack overflow, a database error). It carries a translated message and an error id; the detail goes to the server
 * log with that id, so that support finds it from what the user reports.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Locale } from '../../../engine/api/localized';
import { redactTokenInUrl } from '../../../engine/http/tokenStore';
import { message, type ServerMessageId } from '../messages';
import { fail, HttpAnswer } from './envelope';

/** A short id, unique enough to find one log line: `E-` and 12 hex digits. */
export function newErrorId(): string {
  return `E-${randomBytes(6).toString('hex')}`;
}

/**
 * Logs `err` with a new error id and answers `status` with the translated message `msgId` (which may quote the id)
 * and the id in `errorId`; nothing of the error's own text.
 */
export function errorAnswer(
  request: FastifyRequest,
  err: unknown,
  locale: Locale,
  status = 500,
  msgId: ServerMessageId = 'serverErrorWithId',
): HttpAnswer {
  const errorId = newErrorId();
  const log = status >= 500 ? request.log.error.bind(request.log) : request.log.warn.bind(request.log);
  log(
    { err, errorId, url: redactTokenInUrl(request.url) },
    status >= 500 ? 'request failed' : 'request refused',
  );
  return new HttpAnswer(status, { ...fail(message(msgId, locale, { errorId })), errorId });
}
