/**
 * Password hashes with scrypt (node:crypto): `scrypt$N$r$p$salt$hash`, salt and hash base64url. The stored string
 * carries its cost, so a hash made with a lighter cost (tests) verifies the same way.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
/** For test seeds only: about 10 ms instead of 90 ms per hash. */
export const TEST_SCRYPT_COST: ScryptCost = { N: 2 ** 12, r: 8, p: 1 };

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(
  password: string,
  cost: ScryptCost = DEFAULT_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || N > 2 ** 20) return null;
  return {
    cost: { N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64url'),
    key: Buffer.from(parts[5] ?? '', 'base64url'),
  };
}

/** The cost a stored hash was made with; null for a malformed one. */
export function hashCost(stored: string): ScryptCost | null {
  return parseHash(stored)?.cost ?? null;
}

/** Timing-safe; false for a malformed stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.cost);
  return timingSafeEqual(key, parsed.key);
}

/** A hash nobody's password matches: verified against for unknown users so that they take as long as known ones. */
export function dummyHash(cost: ScryptCost = DEFAULT_SCRYPT_COST): string {
  return ['scrypt', cost.N, cost.r, cost.p, 'AAAAAAAAAAAAAAAAAAAAAA', 'A'.repeat(43)].join('$');
}
