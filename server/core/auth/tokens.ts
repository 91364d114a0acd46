import { hash, randomBytes } from 'node:crypto';

/** A login token: 32 random bytes (256 bit), base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: sha256 of its UTF-8, hex (one-shot crypto.hash: no Hash object). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
