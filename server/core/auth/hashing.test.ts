/**
 * The one-shot crypto.hash of the session token and of a save's fingerprint gives the hex a Hash object gave: stored
 * token hashes and idempotency fingerprints written before still match.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { saveFingerprint } from '../../domains/data/saveRecord';
import { hashToken, newToken } from './tokens';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('one-shot hashes', () => {
  it('hashToken: sha256 of the token as UTF-8, hex, as before', () => {
    for (const token of [newToken(), newToken(), 'abc', '令牌-é-\u{1F600}', '']) {
      expect(hashToken(token)).toBe(sha256(token));
    }
  });

  it('saveFingerprint: sha256 of the sorted target, version and values, as before (non-ASCII values too)', () => {
    const target = { tid: 'AE', visitnum: 'LOG', cycnum: 1, svnum: 1, subjectid: 'BJ01-0001' };
    const values = { AETERM: '头痛', AESEV: 'MILD', AEONGO: null, AESTDAT: '2026-02-20' };
    const sorted = (o: Readonly<Record<string, unknown>>) =>
      Object.keys(o)
        .sort()
        .map((k) => [k, o[k] ?? null]);
    expect(saveFingerprint(target, 3, values)).toBe(
      sha256(JSON.stringify([sorted(target), 3, sorted(values)])),
    );
    // key order does not matter
    expect(
      saveFingerprint({ ...target }, 3, {
        AESTDAT: '2026-02-20',
        AEONGO: null,
        AESEV: 'MILD',
        AETERM: '头痛',
      }),
    ).toBe(saveFingerprint(target, 3, values));
  });
});
