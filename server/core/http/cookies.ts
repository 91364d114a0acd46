import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '../../../engine/api/protocol';
import { readCookieValue } from '../../../engine/http/cookies';

/** One cookie of the request, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  return header ? readCookieValue(header, name) : null;
}

/** `token` cookie for the SPA: readable by script (it picks the token up), Lax, whole origin. */
export function tokenCookie(token: string, secure: boolean): string {
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearTokenCookie(): string {
  return `${TOKEN_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
}
