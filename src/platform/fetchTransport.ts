/**
 * The transport on the platform's `fetch` (every browser the app supports, and Node ≥ 18): a timeout that covers the
 * body too, and the caller's cancel signal.
 */
import { isJsonType } from '../../engine/api/fileAnswer';
import { parseBody, TransportError, type Transport } from '../../engine/http/transport';

export const fetchTransport: Transport = async (request) => {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeout);
  const cancel = (): void => controller.abort();
  if (request.signal?.aborted) controller.abort();
  request.signal?.addEventListener('abort', cancel);
  try {
    const response = await fetch(request.url, {
      method: request.method.toUpperCase(),
      headers: request.headers,
      ...(request.data !== undefined ? { body: request.data } : {}),
      signal: controller.signal,
    });
    const responseHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      responseHeaders[name.toLowerCase()] = value;
    });
    // a file: the browser keeps the bytes as a Blob (large ones on disk), never read as text
    if (request.responseType === 'blob' && response.ok && !isJsonType(responseHeaders['content-type']))
      return { status: response.status, data: await response.blob(), headers: responseHeaders };
    const text = await response.text();
    return { status: response.status, data: parseBody(text), headers: responseHeaders };
  } catch (e) {
    if (timedOut) throw new TransportError('timeout', `no answer in ${request.timeout} ms`, { cause: e });
    if (request.signal?.aborted) throw new TransportError('aborted', 'cancelled', { cause: e });
    throw new TransportError('network', 'no connection', { cause: e });
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', cancel);
  }
};
