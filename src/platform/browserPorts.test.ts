import { describe, expect, it, vi } from 'vitest';
import { createAppNavigator, inAppPathOf } from './browserPorts';

const ORIGIN = 'http://localhost:8080';

describe('the page navigator', () => {
  it('finds the router path of an address of the app, and nothing for other addresses', () => {
    expect(inAppPathOf('/edcweb/loginfront?expireType=401', '/edcweb/', ORIGIN)).toBe(
      '/loginfront?expireType=401',
    );
    expect(inAppPathOf(`${ORIGIN}/edcweb/500`, '/edcweb/', ORIGIN)).toBe('/500');
    expect(inAppPathOf('/edcweb', '/edcweb/', ORIGIN)).toBe('/');
    expect(inAppPathOf('/edcwebx/a', '/edcweb/', ORIGIN)).toBeNull();
    expect(inAppPathOf('https://other.example/edcweb/index', '/edcweb/', ORIGIN)).toBeNull();
    expect(inAppPathOf('/edc/x.do', '/edcweb/', ORIGIN)).toBeNull();
  });

  it('opens app addresses with the router once it is bound (a logout needs no page load), others with a load', () => {
    const assign = vi.fn();
    const win = { location: { href: `${ORIGIN}/edcweb/index`, origin: ORIGIN, assign } } as unknown as Window;
    const nav = createAppNavigator('/edcweb/', win);
    nav.assign('/edcweb/loginfront?expireType=401');
    expect(assign).toHaveBeenCalledExactlyOnceWith('/edcweb/loginfront?expireType=401');

    const routed: string[] = [];
    nav.bindRouter((path) => void routed.push(path));
    nav.assign('/edcweb/loginfront?expireType=401');
    nav.assign('https://sso.example/login');
    expect(routed).toEqual(['/loginfront?expireType=401']);
    expect(assign).toHaveBeenLastCalledWith('https://sso.example/login');
  });
});
