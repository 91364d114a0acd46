/**
 * Structured request logging: Fastify's pino, one JSON object per line. Tokens, cookies and passwords never reach
 * the log: the token header, cookies and any `password` field are redacted, and a `token` query parameter is masked.
 */
import type { FastifyServerOptions } from 'fastify';
import { REDACTED, redactTokenInUrl } from '../../engine/http/tokenStore';

export const REDACT_PATHS = [
  'req.headers.token',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'body.password',
  'token',
  '*.token',
];

/** Request headers worth a log line; token and cookie are there to show that one was sent (their values are redacted). */
const LOGGED_HEADERS = ['user-agent', 'locale', 'token', 'cookie'] as const;

interface RequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Logger options for Fastify; `level` e.g. 'info' (server) or 'warn' (tests). */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      req(req: RequestLike) {
        const headers: Record<string, string | string[]> = {};
        for (const name of LOGGED_HEADERS) {
          const value = req.headers[name];
          if (value !== undefined) headers[name] = value;
        }
        return {
          method: req.method,
          url: redactTokenInUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
          headers,
        };
      },
    },
    ...(stream ? { stream } : {}),
  };
}
