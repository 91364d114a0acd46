/**
 * Security headers on every response (issue 15, finding 6), by @fastify/helmet: a Content-Security-Policy the app
 * passes (e2e/csp.spec.ts loads every route with it and fails on any violation), Referrer-Policy, X-Content-Type-
 * Options, X-Frame-Options and the cross-origin policies. Why each directive is what it is:
 * docs/security-input-and-headers.md.
 *
 * - scripts: only the app's own files ('self'); the built index.html has no inline script, nothing calls eval;
 * - styles: 'self' plus 'unsafe-inline' — MUI (emotion), AG Grid and the date pickers inject <style> elements and
 *   React writes style attributes at run time; a style cannot run script, and the script policy stays strict;
 * - frames: the embedded-page overlay (renderers/overlay) shows the app's own pages (help documents under
 *   /edcweb/help/) and the pages of configured origins (CSP_FRAME_SRC, space-separated origins); the app may be
 *   framed by itself only (frame-ancestors 'self', X-Frame-Options SAMEORIGIN);
 * - connections: the page's origin, plus the integration address when BACK_ADDRESS names another origin (the login
 *   front posts there);
 * - images: the app's own, data: URLs (icons) and https: (a unit logo configured per host may live elsewhere).
 */
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';

/** The origin of an address (`https://a.example:8443`), or null for anything that is not an http(s) URL. */
export function originOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Extra frame origins from CSP_FRAME_SRC (space- or comma-separated); only well-formed http(s) origins. */
export function frameSourcesFromEnv(value: string | undefined): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((s) => originOf(s.trim()))
    .filter((o): o is string => o !== null);
}

export interface CspInput {
  backAddress?: string;
  frameSources?: readonly string[];
}

/** The CSP directives (helmet's names). */
export function cspDirectives(input: CspInput): Record<string, string[]> {
  const back = originOf(input.backAddress);
  const others = (list: (string | null)[]) => [...new Set(list.filter((o): o is string => o !== null))];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...others([back])],
    'frame-src': ["'self'", ...others([...(input.frameSources ?? [])])],
    'frame-ancestors': ["'self'"],
    'form-action': ["'self'", ...others([back])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
  };
}

export function helmetOptions(config: Pick<ServerConfig, 'backAddress'>): FastifyHelmetOptions {
  return {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives({
        ...(config.backAddress ? { backAddress: config.backAddress } : {}),
        frameSources: frameSourcesFromEnv(process.env.CSP_FRAME_SRC),
      }),
    },
    // the token may travel in a URL (?token=, spec §7): no address is ever sent as a referrer
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'sameorigin' },
    // the integration address may be another origin that reads our answers with CORS; nothing else embeds them
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense behind TLS; the proxy in front sets it (docs/security-input-and-headers.md)
    strictTransportSecurity: false,
  };
}

/**
 * The headers helmet sets with these options, computed once: @fastify/helmet on a throwaway instance answers one
 * request, and every header it added is kept (names in lower case). The options never vary per request (no CSP
 * nonce), so the headers are the same on every response.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  try {
    probe.get('/', (_request, reply) => reply.send(''));
    const bare = await probe.inject({ method: 'GET', url: '/' });
    const withHelmet = Fastify({ logger: false });
    try {
      await withHelmet.register(helmet, options);
      withHelmet.get('/', (_request, reply) => reply.send(''));
      const res = await withHelmet.inject({ method: 'GET', url: '/' });
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (name in bare.headers || value === undefined) continue;
        out[name] = Array.isArray(value) ? value.join(', ') : String(value);
      }
      return out;
    } finally {
      await withHelmet.close();
    }
  } finally {
    await probe.close();
  }
}

/**
 * Sets helmet's headers on the whole app (every route, the SPA and the API). @fastify/helmet itself builds a new
 * helmet middleware (parsing the CSP directives again) for every request, a visible share of a small request's CPU
 * (docs/load.md, stop 26): the same headers are computed once at start-up by @fastify/helmet (`helmetHeaders`) and
 * set by one hook. Helmet sets no X-Powered-By; Fastify sends none either.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const headers = await helmetHeaders(helmetOptions(config));
  const entries = Object.entries(headers);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of entries) reply.header(name, value);
    done();
  });
}
