/**
 * The Host allow-list. The integration address the server derives when BACK_ADDRESS is not set is built from the
 * request's host (loginInfo.ts): a request to a Host the server was not configured for is refused before any route
 * sees it, so a forged `Host: evil.example` can never make it tell a client to post passwords elsewhere. With
 * TRUST_PROXY the forwarded host is the one checked. Allowed: ServerConfig.allowedHosts and the hosts that have
 * their own row in site_ui_config (per-host UI config, spec §3).
 */
import fp from 'fastify-plugin';
import { queryOne } from '../db/db';
import { message, requestLocale } from '../messages';
import { fail } from './envelope';

/** `host[:port]` → lower-case name and port ('' when none); IPv6 names keep their brackets. */
export function splitHost(host: string): { name: string; port: string } {
  const text = host.trim().toLowerCase();
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(text);
  return { name: match?.[1] ?? text, port: match?.[2] ?? '' };
}

/**
 * Whether `host` (a Host header) matches the list: an entry `name` matches that name on any port, `name:port` only
 * that port, `.example.org` the domain and all its subdomains, `*` anything.
 */
export function hostAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (!host) return false;
  const { name, port } = splitHost(host);
  if (!name || /[^a-z0-9.\-[\]:_]/.test(name)) return false;
  return allowed.some((entry) => {
    const e = entry.trim().toLowerCase();
    if (e === '*') return true;
    if (e.startsWith('.')) return name === e.slice(1) || name.endsWith(e);
    const wanted = splitHost(e);
    return wanted.name === name && (wanted.port === '' || wanted.port === port);
  });
}

export interface HostCheckOptions {
  allowedHosts: readonly string[];
}

/** The headers a request's host is taken from (Fastify's `request.host`: the forwarded host from a trusted proxy). */
interface HostHeaders {
  host: unknown;
  forwarded: unknown;
  authority: unknown;
}

/** The headers that decide a request's host (Fastify's `request.host`, with the trust-proxy rule). */
function hostHeadersOf(headers: Record<string, unknown>): HostHeaders {
  return { host: headers.host, forwarded: headers['x-forwarded-host'], authority: headers[':authority'] };
}

function sameHeaders(a: HostHeaders, b: HostHeaders): boolean {
  return a.host === b.host && a.forwarded === b.forwarded && a.authority === b.authority;
}

/** `edc-hosts`: refuses (400, translated) a request whose host is not allowed (logged as a warning). */
export const hostCheckPlugin = fp<HostCheckOptions>(
  async (app, { allowedHosts }) => {
    /**
     * Per connection, the headers of its last request whose host the configured list allowed. Fastify's `request.host`
     * asks the trust-proxy rule about the connection's address on every request (parsing the address: about 1 % of the
     * server's CPU under load, docs/load.md); a connection's address and the rule do not change, so a request on the same
     * connection with the very same headers has the same host, allowed. Only the configured list is remembered this way,
     * never an answer of site_ui_config (a table that may change): that is asked again on every request. Kept per
     * registration of the plugin (its own list), never shared between two lists.
     */
    const allowedOnConnection = new WeakMap<object, HostHeaders>();
    app.addHook('onRequest', async (request, reply) => {
      const connection: object | undefined = request.raw.socket ?? undefined;
      const headers = hostHeadersOf(request.headers);
      const known = connection ? allowedOnConnection.get(connection) : undefined;
      if (known && sameHeaders(known, headers)) return;
      const host = request.host;
      if (hostAllowed(host, allowedHosts)) {
        if (connection) allowedOnConnection.set(connection, headers);
        return;
      }
      const { name } = splitHost(host ?? '');
      const configured =
        name !== '' &&
        (await queryOne(app.db, `select 1 from site_ui_config where host in ($1, $2) and host <> '*'`, [
          (host ?? '').toLowerCase(),
          name,
        ]));
      if (configured) return;
      request.log.warn({ event: 'host.refused', host: String(host).slice(0, 200) }, 'host not allowed');
      const locale = requestLocale(request.headers.locale);
      return reply
        .code(400)
        .header('cache-control', 'no-store')
        .send(fail(message('hostNotAllowed', locale)));
    });
  },
  { name: 'edc-hosts', dependencies: ['edc-core'] },
);
