import { describe, expect, it } from 'vitest';
import { md5, utf8Bytes } from './md5';

describe('md5', () => {
  it.each([
    // RFC 1321 appendix A.5 test suite
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('md5(%j) = %s (RFC 1321)', (text, hex) => {
    expect(md5(text)).toBe(hex);
  });

  it('pads correctly around the 56-byte boundary (one block vs two)', () => {
    // lengths 55, 56 and 64 take the padding's edge cases; values from coreutils md5sum
    expect(md5('a'.repeat(55))).toBe('ef1772b6dff9a122358552954ad0df65');
    expect(md5('a'.repeat(56))).toBe('3b0c8ac703f828b04c6c197006d17218');
    expect(md5('a'.repeat(64))).toBe('014842d480b571495a4a0363793f7367');
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    expect(Array.from(utf8Bytes('é中😀'))).toEqual([0xc3, 0xa9, 0xe4, 0xb8, 0xad, 0xf0, 0x9f, 0x98, 0x80]);
    expect(Array.from(utf8Bytes('\ud800x'))).toEqual([0xef, 0xbf, 0xbd, 0x78]);
    expect(md5('中文')).toBe('a7bac2239fcdcb3a067903d8077c4a07');
  });
});
