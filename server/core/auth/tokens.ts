import { createHash, randomBytes } from 'node:crypto';

/** A login token: 32 random bytes (256 bit), base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps instead of the token: sha256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
