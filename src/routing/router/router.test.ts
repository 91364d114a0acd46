import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from './memory';
import type { RouteObject } from './matchRoutes';
import { createBrowserRouter, type BlockerFunction, type Router } from './router';

const routes: RouteObject[] = [
  { path: '/', children: [{ path: 'a' }, { path: 'b' }, { path: 'c' }, { path: '*' }] },
];
const here = (router: Router) => `${router.state.location.pathname}${router.state.location.search}`;
/** Blocks every navigation that changes the pathname while `dirty.value` holds. */
const dirtyBlocker = (dirty: { value: boolean }): BlockerFunction =>
  vi.fn(
    ({ currentLocation, nextLocation }) => dirty.value && currentLocation.pathname !== nextLocation.pathname,
  );

describe('the navigation store (memory history)', () => {
  it('pushes, replaces and goes back and forward', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    expect(router.state.location.key).toBe('default');
    await router.navigate('/b?x=1');
    expect(here(router)).toBe('/b?x=1');
    expect(router.state.historyAction).toBe('PUSH');
    expect(router.state.location.key).not.toBe('default');
    await router.navigate('/c', { replace: true, state: { from: 'b' } });
    expect(router.state.location.state).toEqual({ from: 'b' });
    await router.navigate(-1);
    expect(here(router)).toBe('/a');
    expect(router.state.historyAction).toBe('POP');
    await router.navigate(1);
    expect(here(router)).toBe('/c');
    expect(router.state.matches?.map((m) => m.route.path)).toEqual(['/', 'c']);
  });

  it('tells subscribers, and refuses an address outside the app', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    const seen: string[] = [];
    const unsubscribe = router.subscribe((state) => seen.push(state.location.pathname));
    await router.navigate('/b');
    unsubscribe();
    await router.navigate('/c');
    expect(seen).toEqual(['/b']);
    expect(() => router.navigate('//evil.example/x')).toThrow('External navigation is not allowed');
    expect(() => router.navigate('https://evil.example/x')).toThrow('External navigation is not allowed');
  });

  it('holds a push while the blocker says so: proceed goes on, reset stays', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    const dirty = { value: true };
    const shouldBlock = dirtyBlocker(dirty);
    router.getBlocker('k', shouldBlock);
    await router.navigate('/b');
    expect(here(router)).toBe('/a');
    const blocked = router.state.blockers.get('k')!;
    expect(blocked.state).toBe('blocked');
    expect(blocked.location?.pathname).toBe('/b');
    expect(shouldBlock).toHaveBeenCalledWith(expect.objectContaining({ historyAction: 'PUSH' }));

    blocked.reset!();
    expect(router.state.blockers.get('k')?.state).toBe('unblocked');
    expect(here(router)).toBe('/a');

    await router.navigate('/c?y=2', { replace: true });
    router.state.blockers.get('k')!.proceed!();
    expect(here(router)).toBe('/c?y=2');
    expect(router.state.historyAction).toBe('REPLACE');
    // done: the blocker is idle again and holds the next navigation again
    expect(router.state.blockers.get('k')?.state).toBe('unblocked');
    await router.navigate('/a');
    expect(router.state.blockers.get('k')?.state).toBe('blocked');

    dirty.value = false;
    await router.navigate('/a');
    expect(here(router)).toBe('/a');
    router.deleteBlocker('k');
    expect(router.state.blockers.has('k')).toBe(false);
  });

  it('undoes a blocked back: the location stays, proceed then goes back', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a', '/b', '/c'] });
    router.getBlocker('k', dirtyBlocker({ value: true }));
    await router.navigate(-2);
    expect(here(router)).toBe('/c');
    const blocked = router.state.blockers.get('k')!;
    expect(blocked.state).toBe('blocked');
    expect(blocked.location?.pathname).toBe('/a');
    blocked.proceed!();
    expect(router.state.blockers.get('k')?.state).toBe('proceeding');
    await vi.waitFor(() => expect(here(router)).toBe('/a'));
    expect(router.state.blockers.get('k')?.state).toBe('unblocked');
    // and forward again from there is held and reset
    await router.navigate(1);
    expect(here(router)).toBe('/a');
    router.state.blockers.get('k')!.reset!();
    expect(router.state.blockers.get('k')?.state).toBe('unblocked');
    expect(here(router)).toBe('/a');
  });

  it('asks only the last blocker registered', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/a'] });
    const first = vi.fn(() => true);
    router.getBlocker('first', first);
    router.getBlocker('second', () => false);
    await router.navigate('/b');
    expect(first).not.toHaveBeenCalled();
    expect(here(router)).toBe('/b');
  });
});

describe('the browser router (window.history under a basename)', () => {
  let router: Router | null = null;
  afterEach(() => {
    router?.dispose();
    router = null;
    window.history.replaceState(null, '', '/');
  });
  const popped = () => new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));

  it('reads and writes addresses below the basename; the app sees paths without it', async () => {
    window.history.replaceState(null, '', '/edcweb/a?x=1');
    router = createBrowserRouter(routes, { basename: '/edcweb' });
    expect(router.state.location.pathname).toBe('/edcweb/a');
    expect(router.state.location.key).toBe('default');
    expect(router.appLocation(router.state.location).pathname).toBe('/a');
    expect(router.state.matches?.map((m) => m.route.path)).toEqual(['/', 'a']);
    await router.navigate('/b c');
    expect(window.location.pathname).toBe('/edcweb/b%20c');
    expect(router.state.location.pathname).toBe('/edcweb/b%20c');
    expect(window.history.state).toMatchObject({ idx: 1, key: router.state.location.key });
    await router.navigate('/', { replace: true });
    expect(window.location.pathname).toBe('/edcweb');
    expect(router.createHref({ pathname: '/c', search: '?q', hash: '' })).toBe('/edcweb/c?q');
  });

  it("undoes the browser's back while blocked, and goes back on proceed", async () => {
    window.history.replaceState(null, '', '/edcweb/a');
    router = createBrowserRouter(routes, { basename: '/edcweb' });
    await router.navigate('/b');
    const shouldBlock = dirtyBlocker({ value: true });
    router.getBlocker('k', shouldBlock);

    let pop = popped();
    window.history.back();
    await pop;
    // the blocker saw app paths (no basename)
    expect(shouldBlock).toHaveBeenLastCalledWith(
      expect.objectContaining({
        historyAction: 'POP',
        currentLocation: expect.objectContaining({ pathname: '/b' }),
        nextLocation: expect.objectContaining({ pathname: '/a' }),
      }),
    );
    expect(router.state.blockers.get('k')?.state).toBe('blocked');
    // the address is put back
    await vi.waitFor(() => expect(window.location.pathname).toBe('/edcweb/b'));
    expect(router.state.location.pathname).toBe('/edcweb/b');

    pop = popped();
    router.state.blockers.get('k')!.proceed!();
    await pop;
    await vi.waitFor(() => expect(router!.state.location.pathname).toBe('/edcweb/a'));
    expect(window.location.pathname).toBe('/edcweb/a');
    expect(router.state.blockers.get('k')?.state).toBe('unblocked');
  });
});
