import { describe, expect, it } from 'vitest';
import { readCookieValue } from './cookies';

describe('readCookieValue', () => {
  it('finds a cookie by its exact name, not by a name it is the end or the start of', () => {
    expect(readCookieValue('xtoken=X; token=T; tokens=S', 'token')).toBe('T');
    expect(readCookieValue('xtoken=X; tokens=S', 'token')).toBeNull();
    expect(readCookieValue('token=T;xtoken=X', 'xtoken')).toBe('X');
  });

  it('decodes URI-encoded values, keeps "=" inside a value, and keeps a value that does not decode', () => {
    expect(readCookieValue('token=a%2Bb%3D%3D; lang=zh_CN', 'token')).toBe('a+b==');
    expect(readCookieValue('token=abc==', 'token')).toBe('abc==');
    expect(readCookieValue('token=100%', 'token')).toBe('100%');
  });

  it('removes the double quotes around a quoted value', () => {
    expect(readCookieValue('token="quoted%20value"', 'token')).toBe('quoted value');
    expect(readCookieValue('token="', 'token')).toBe('"');
  });

  it('null when the cookie is missing or empty; the first of two with the same name wins', () => {
    expect(readCookieValue('', 'token')).toBeNull();
    expect(readCookieValue('lang=en; broken', 'token')).toBeNull();
    expect(readCookieValue('token=; lang=en', 'token')).toBeNull();
    expect(readCookieValue('token=""', 'token')).toBeNull();
    expect(readCookieValue(' token = first ; token=second', 'token')).toBe('first');
  });
});
