/**
 * The one error type the request client rejects with. `kind` says which row of the response table (spec §7) applied,
 * so callers can react without re-reading HTTP details; the user has already been told (unless the call was silent).
 */
export type RequestErrorKind =
  | 'business' // HTTP 200, `success:false`: `msg` (and `code`) from the server
  | 'param' // HTTP 400
  | 'unauthorized' // HTTP 401: the client logged out
  | 'forced' // HTTP 503, 600–603: the client left for the address of the response header
  | 'forbidden' // HTTP 403: the role may not use this page or data
  | 'rateLimited' // HTTP 429: too many requests; `msg` says when to try again
  | 'server' // any other HTTP status
  | 'timeout'
  | 'network' // no response (also an aborted request, with `aborted: true`)
  | 'contract' // a response that does not match the API contract (see api/parseResponse.ts)
  | 'noToken' // a call that needs a token, and there is none: the client logged out with 400
  | 'backAddress'; // a `back` endpoint, and no integration address is configured

export interface RequestErrorDetails {
  status?: number;
  code?: number;
  msg?: string;
  /** The request was cancelled by its AbortSignal (kind 'network', no notice). */
  aborted?: boolean;
  cause?: unknown;
}

export class RequestError extends Error {
  override readonly name = 'RequestError';
  readonly kind: RequestErrorKind;
  /** Endpoint path, e.g. `menuList.do`. */
  readonly endpoint: string;
  readonly status?: number;
  readonly code?: number;
  readonly msg?: string;
  readonly aborted: boolean;

  constructor(kind: RequestErrorKind, endpoint: string, details: RequestErrorDetails = {}) {
    const suffix = [
      details.status !== undefined ? `HTTP ${details.status}` : '',
      details.code !== undefined ? `code ${details.code}` : '',
      details.msg ?? '',
    ]
      .filter(Boolean)
      .join(', ');
    super(`${endpoint}: ${kind}${suffix ? ` (${suffix})` : ''}`, { cause: details.cause });
    this.kind = kind;
    this.endpoint = endpoint;
    if (details.status !== undefined) this.status = details.status;
    if (details.code !== undefined) this.code = details.code;
    if (details.msg !== undefined) this.msg = details.msg;
    this.aborted = details.aborted ?? false;
  }
}

export function isRequestError(value: unknown): value is RequestError {
  return value instanceof RequestError;
}
