/**
 * Building and sending `{ success, msg, data, code? }` bodies, including the non-standard statuses 600–603 that
 * Fastify's reply.code() refuses.
 */
import type { FastifyReply } from 'fastify';
import type { ApiEnvelope } from '../../../engine/api/envelope';
import { APP_BASE, REDIRECT_HEADER } from '../../../engine/api/protocol';

export function ok<D>(data: D, msg = ''): ApiEnvelope<D> {
  return { success: true, msg, data };
}

export function fail(msg: string, code?: number): ApiEnvelope<null> {
  return { success: false, msg, data: null, ...(code !== undefined ? { code } : {}) };
}

/** An answer other than 200: thrown by checks, sent by the route wrapper. */
export class HttpAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiEnvelope<null> & { errors?: string[]; errorId?: string },
    readonly headers: Record<string, string> = {},
  ) {
    super(`HTTP ${status}: ${body.msg}`);
  }
}

/**
 * 600–603: the client logs out to the address it finds in REDIRECT_HEADER: the error page
 * `${APP_BASE}402?code=<status>` for 600–602; for 603 (a notice the client shows first, from `msg`) the login page.
 */
export function forcedRedirect(status: 600 | 601 | 602 | 603, msg: string): HttpAnswer {
  const address = status === 603 ? `${APP_BASE}loginfront?expireType=603` : `${APP_BASE}402?code=${status}`;
  return new HttpAnswer(status, fail(msg, status), { [REDIRECT_HEADER]: address });
}

/** Sends any status, 600–603 included (Node writes them; Fastify's reply.code() only takes 100–599). */
export function sendStatus(
  reply: FastifyReply,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): FastifyReply {
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  if (status >= 100 && status <= 599) reply.code(status);
  else reply.raw.statusCode = status;
  return reply.send(body);
}
