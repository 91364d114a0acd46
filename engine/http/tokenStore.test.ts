import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../session/storageKeys';
import { memoryStore, recordingNavigator } from './testkit';
import { createTokenStore, redactTokenInUrl, tokenFromUrl } from './tokenStore';

function setup(url: string, cookie: string | null, stored: string | null) {
  const store = memoryStore(stored ? { [STORAGE_KEYS.token]: stored } : {});
  const tokens = createTokenStore(store, recordingNavigator(url), (name) =>
    name === 'token' ? cookie : null,
  );
  return { store, tokens };
}

describe('token store', () => {
  it("resolve: URL query beats this tab's store beats the shared cookie, and keeps the winner", () => {
    const a = setup('http://h/edcweb/entrance?token=U', 'C', 'S');
    expect(a.tokens.resolve()).toBe('U');
    expect(a.store.getItem(STORAGE_KEYS.token)).toBe('U');

    const b = setup('http://h/edcweb/entrance', 'C', 'S');
    expect(b.tokens.resolve()).toBe('S');

    const c = setup('http://h/edcweb/entrance', 'C', null);
    expect(c.tokens.resolve()).toBe('C');
    expect(c.tokens.get()).toBe('C');
  });

  it('resolve: null when there is no token anywhere', () => {
    const { tokens, store } = setup('http://h/edcweb/', null, null);
    expect(tokens.resolve()).toBeNull();
    expect(store.data.size).toBe(0);
  });

  it('set, get and clear', () => {
    const { tokens } = setup('http://h/', null, null);
    tokens.set('T');
    expect(tokens.get()).toBe('T');
    tokens.clear();
    expect(tokens.get()).toBeNull();
  });

  it('reads the token from relative URLs and from a hash query', () => {
    expect(tokenFromUrl('/edcweb/entrance?token=abc&x=1')).toBe('abc');
    expect(tokenFromUrl('http://h/edcweb/#/entrance?token=h1')).toBe('h1');
    expect(tokenFromUrl('http://h/edcweb/?token=')).toBeNull();
  });

  it('redacts every token query parameter of a URL or a text quoting one, and nothing else', () => {
    expect(redactTokenInUrl('GET /edcweb/entrance?lang=en&Token=a1 failed; see /x#token=b2&y=1')).toBe(
      'GET /edcweb/entrance?lang=en&Token=[redacted] failed; see /x#token=[redacted]&y=1',
    );
    expect(redactTokenInUrl('/edcweb/index?xtoken=keep&tokens=keep')).toBe(
      '/edcweb/index?xtoken=keep&tokens=keep',
    );
  });
});
