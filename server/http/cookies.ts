import type { FastifyRequest } from 'fastify';

export const TOKEN_COOKIE = 'token';

/** One cookie of the request, or null. */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** `token` cookie for the SPA: readable by script (it picks the token up), Lax, whole origin. */
export function tokenCookie(token: string, secure: boolean): string {
  return `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearTokenCookie(): string {
  return `${TOKEN_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0`;
}
