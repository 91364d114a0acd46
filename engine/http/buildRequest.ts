/**
 * Pure request building (spec §7): where a request goes, with which query and headers. No I/O here.
 */
import type { AnyObject } from '../schema';
import type { EndpointDef, HttpMethod } from '../api/endpoint';
import type { Locale } from '../api/localized';
import { CACHE_BUSTER_PARAM } from '../api/protocol';

export const REQUEST_TIMEOUT_MS = 300_000;
export const PIC_ENV = 'web';

export { isBackPath } from '../api/endpoint';

export function usesBackAddress(def: Pick<EndpointDef<AnyObject, unknown>, 'host'>): boolean {
  return def.host === 'back';
}

/** `base` + `path` with exactly one slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function appendValue(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendValue(search, key, item);
  } else if (typeof value === 'object') {
    search.append(key, JSON.stringify(value));
  } else {
    search.append(key, String(value));
  }
}

/** Appends query parameters (skipping null/undefined) to a URL that may already have a query. */
export function withQuery(url: string, query: Readonly<Record<string, unknown>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) appendValue(search, key, value);
  const qs = search.toString();
  if (!qs) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${qs}`;
}

/**
 * The URL of an endpoint without its query: its path on the page's origin for `api` endpoints,
 * `<backAddress><path>` for `back` endpoints; null when a back endpoint has no integration address (a `bootstrap`
 * endpoint then goes to the page's origin: it is the one that answers the address).
 */
export function endpointUrl(
  def: Pick<EndpointDef<AnyObject, unknown>, 'host' | 'path' | 'bootstrap'>,
  backAddress: string | null,
): string | null {
  if (usesBackAddress(def)) {
    const base = backAddress?.trim();
    if (base) return joinUrl(base, def.path);
    return def.bootstrap ? def.path : null;
  }
  return def.path;
}

export interface HeaderSources {
  locale: Locale | null;
  token: string | null;
  crfstatus: string | null;
  menuCode: string | null;
  extra?: Readonly<Record<string, string>>;
}

/** Request headers: `locale`, `token`, `crfstatus`, `menuCode` when known, `picEnv: web` always; `extra` wins. */
export function buildHeaders(src: HeaderSources): Record<string, string> {
  const headers: Record<string, string> = {};
  if (src.locale) headers.locale = src.locale;
  if (src.token) headers.token = src.token;
  if (src.crfstatus) headers.crfstatus = src.crfstatus;
  if (src.menuCode) headers.menuCode = src.menuCode;
  headers.picEnv = PIC_ENV;
  return { ...headers, ...src.extra };
}

export interface BuiltRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** JSON body of a POST or PUT. */
  data?: AnyObject;
}

/** Methods whose parameters go in the URL query; the others (POST, PUT) send them as a JSON body. */
export function sendsParamsInQuery(method: HttpMethod): boolean {
  return method === 'GET' || method === 'DELETE';
}

/**
 * GET and DELETE parameters go in the query, POST and PUT parameters in a JSON body; the cache buster goes in every
 * URL.
 */
export function buildRequest(
  def: Pick<EndpointDef<AnyObject, unknown>, 'method'>,
  baseUrl: string,
  params: AnyObject | undefined,
  headers: Record<string, string>,
  now: number,
): BuiltRequest {
  if (sendsParamsInQuery(def.method)) {
    return { method: def.method, url: withQuery(baseUrl, { ...params, [CACHE_BUSTER_PARAM]: now }), headers };
  }
  return {
    method: def.method,
    url: withQuery(baseUrl, { [CACHE_BUSTER_PARAM]: now }),
    headers,
    data: params ?? {},
  };
}
