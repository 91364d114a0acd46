/**
 * The request client's transport: one HTTP exchange, nothing more. Every status comes back as a response (the
 * client's table answers them); only a request that gets no response at all fails, with a `TransportError` saying
 * why (no answer in time, cancelled, or no connection). Tests inject a stub (testkit.ts); the browser platform
 * injects `fetchTransport` (src/platform/fetchTransport.ts).
 */

export type TransportMethod = 'get' | 'post' | 'put' | 'delete';

export interface TransportRequest {
  method: TransportMethod;
  url: string;
  headers: Record<string, string>;
  /** A JSON text (the client sets its content type) or a multipart body (the platform sets its boundary). */
  data?: string | FormData;
  /** Milliseconds until the request is given up as a timeout, body included. */
  timeout: number;
  signal?: AbortSignal;
  /**
   * `blob`: a file endpoint's answer — a body that is not JSON comes back as a Blob (the platform keeps it, never
   * as text or base64); a JSON body (a refusal's envelope) is parsed as usual. Default: JSON or text.
   */
  responseType?: 'json' | 'blob';
}

export interface TransportResponse {
  status: number;
  /** The body parsed as JSON when it is JSON, else its text ('' when empty); a Blob for `responseType: 'blob'`. */
  data: unknown;
  /** Response headers by lower-case name. */
  headers: Record<string, string>;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export type TransportFailure = 'timeout' | 'aborted' | 'network';

export class TransportError extends Error {
  constructor(
    readonly kind: TransportFailure,
    message: string = kind,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}

/** The body as JSON when it parses, else the text itself. */
export function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
