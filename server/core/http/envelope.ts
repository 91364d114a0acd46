/**
 * Building and sending `{ success, msg, data, code? }` bodies, including the non-standard statuses 600–603 that
 * Fastify's reply.code() refuses.
 */
import type { FastifyReply } from 'fastify';
import type { ApiEnvelope } from '../../../engine/api/envelope';
import { APP_BASE, REDIRECT_HEADER } from '../../../engine/api/protocol';

/**
 * A JSON value serialised once and sent as that text (a stored form version's schema, which never changes: a form
 * open does not serialise its several KB again on every answer). A field of an answer's `data` (sendStatus splices
 * it); anywhere else, `toJSON` still answers the value itself.
 */
export class KeptJson {
  constructor(readonly text: string) {}
  toJSON(): unknown {
    return JSON.parse(this.text) as unknown;
  }
}

const keptTexts = new WeakMap<object, KeptJson>();

/** The JSON text of a value that is never changed afterwards (a cached stored row's part), serialised once. */
export function keptJsonOf(value: object): KeptJson {
  let kept = keptTexts.get(value);
  if (!kept) {
    kept = new KeptJson(JSON.stringify(value));
    keptTexts.set(value, kept);
  }
  return kept;
}

/**
 * The body's JSON with the KeptJson fields of its `data` spliced in as their text; null when it has none (Fastify
 * serialises it as usual).
 */
export function keptEnvelopeText(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || !('data' in body)) return null;
  const { data, ...envelope } = body as { data: unknown };
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
  const kept: string[] = [];
  // no prototype: a key named __proto__ stays a key
  const rest = Object.create(null) as Record<string, unknown>;
  for (const [key, value] of Object.entries(data)) {
    if (value instanceof KeptJson) kept.push(`${JSON.stringify(key)}:${value.text}`);
    else rest[key] = value;
  }
  if (kept.length === 0) return null;
  const restText = JSON.stringify(rest);
  const dataText = restText === '{}' ? `{${kept.join(',')}}` : `{${kept.join(',')},${restText.slice(1)}`;
  const envelopeText = JSON.stringify(envelope);
  return envelopeText === '{}' ? `{"data":${dataText}}` : `${envelopeText.slice(0, -1)},"data":${dataText}}`;
}

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
  const text = keptEnvelopeText(body);
  if (text !== null) return reply.type('application/json; charset=utf-8').send(text);
  return reply.send(body);
}
