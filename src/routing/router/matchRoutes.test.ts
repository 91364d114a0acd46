import { describe, expect, it } from 'vitest';
import { matchPath, matchRoutes, type RouteObject } from './matchRoutes';
import { resolveTo, stripBasename, withBasename } from './path';

const routes: RouteObject[] = [
  {
    path: '/',
    handle: 'root',
    children: [
      { index: true, handle: 'home' },
      { path: 'entrance', handle: 'entrance' },
      {
        path: 'index',
        handle: 'shell',
        children: [
          { index: true, handle: 'landing' },
          { path: 'subjects', handle: 'list' },
          { path: 'subjects/:subjectid', handle: 'subject' },
          { path: 'subjects/new', handle: 'new subject' },
          { path: 'subjects/:subjectid/visits/:visitnum/forms/:tid', handle: 'form' },
          { path: '*', handle: 'shell unknown' },
        ],
      },
      { path: 'files/*', handle: 'files' },
      { path: '*', handle: 'unknown' },
    ],
  },
];

const leaf = (path: string) => {
  const matches = matchRoutes(routes, path);
  return matches?.[matches.length - 1];
};
const handles = (path: string) => matchRoutes(routes, path)?.map((m) => m.route.handle);

describe('matchRoutes', () => {
  it('matches nested routes from the root down, index routes at their parent path', () => {
    expect(handles('/')).toEqual(['root', 'home']);
    expect(handles('/index')).toEqual(['root', 'shell', 'landing']);
    expect(handles('/index/subjects')).toEqual(['root', 'shell', 'list']);
  });

  it('gives decoded params, shared by every match, and the matched pathnames', () => {
    const matches = matchRoutes(routes, '/index/subjects/S%2001/visits/V1/forms/AE?lineno=2')!;
    expect(matches.map((m) => m.route.handle)).toEqual(['root', 'shell', 'form']);
    expect(matches[2]!.params).toEqual({ subjectid: 'S 01', visitnum: 'V1', tid: 'AE' });
    expect(matches[1]!.params).toBe(matches[2]!.params);
    expect(matches.map((m) => m.pathnameBase)).toEqual([
      '/',
      '/index',
      '/index/subjects/S 01/visits/V1/forms/AE',
    ]);
    // an encoded slash stays inside its segment
    expect(leaf('/index/subjects/a%2Fb')?.params.subjectid).toBe('a/b');
  });

  it('ranks static over dynamic over splat, whatever the order of declaration', () => {
    expect(leaf('/index/subjects/new')?.route.handle).toBe('new subject');
    expect(leaf('/index/subjects/S1')?.route.handle).toBe('subject');
    expect(leaf('/index/nothing/here')?.route.handle).toBe('shell unknown');
    expect(leaf('/elsewhere')?.route.handle).toBe('unknown');
  });

  it('ignores case and a trailing slash; a splat takes the rest', () => {
    expect(leaf('/INDEX/Subjects/')?.route.handle).toBe('list');
    const files = leaf('/files/a/b.txt')!;
    expect(files.route.handle).toBe('files');
    expect(files.params['*']).toBe('a/b.txt');
    expect(files.pathnameBase).toBe('/files');
    expect(leaf('/files')?.params['*']).toBe('');
  });

  it('strips the basename, and matches nothing outside it', () => {
    expect(matchRoutes(routes, '/edcweb/index', '/edcweb')?.map((m) => m.route.handle)).toEqual([
      'root',
      'shell',
      'landing',
    ]);
    expect(matchRoutes(routes, '/edcweb', '/edcweb')?.map((m) => m.route.handle)).toEqual(['root', 'home']);
    expect(matchRoutes(routes, '/other/index', '/edcweb')).toBeNull();
    expect(matchRoutes(routes, '/edcwebx/index', '/edcweb')).toBeNull();
  });

  it('matches nothing when no route does, and numbers routes by position', () => {
    expect(matchRoutes([{ path: '/a' }], '/b')).toBeNull();
    expect(matchRoutes(routes, '/index/subjects')?.map((m) => m.id)).toEqual(['0', '0-2', '0-2-1']);
  });

  it('matchPath: end or prefix on a segment boundary', () => {
    expect(matchPath({ path: '/a/:b' }, '/a/x')?.params).toEqual({ b: 'x' });
    expect(matchPath({ path: '/a/:b' }, '/a/x/y')).toBeNull();
    expect(matchPath({ path: '/a', end: false }, '/a/x')?.pathnameBase).toBe('/a');
    expect(matchPath({ path: '/a', end: false }, '/ab')).toBeNull();
    expect(matchPath({ path: '/A', caseSensitive: true }, '/a')).toBeNull();
  });
});

describe('paths', () => {
  it('resolves absolute, relative and query-only targets against the current path', () => {
    expect(resolveTo('/x?y=1#h', '/a/b')).toEqual({ pathname: '/x', search: '?y=1', hash: '#h' });
    expect(resolveTo('..', '/index/subjects/S1')).toEqual({
      pathname: '/index/subjects',
      search: '',
      hash: '',
    });
    expect(resolveTo('../..', '/a/b/')).toEqual({ pathname: '/', search: '', hash: '' });
    expect(resolveTo('c/./d', '/a/b').pathname).toBe('/a/b/c/d');
    expect(resolveTo('?page=2', '/list')).toEqual({ pathname: '/list', search: '?page=2', hash: '' });
    expect(resolveTo({ search: 'q=1' }, '/list')).toEqual({ pathname: '/list', search: '?q=1', hash: '' });
  });

  it('adds and strips the basename', () => {
    expect(withBasename({ pathname: '/', search: '?a', hash: '' }, '/edcweb')).toBe('/edcweb?a');
    expect(withBasename({ pathname: '/index', search: '', hash: '#x' }, '/edcweb')).toBe('/edcweb/index#x');
    expect(stripBasename('/EDCWEB/index', '/edcweb')).toBe('/index');
    expect(stripBasename('/edcweb', '/edcweb')).toBe('/');
    expect(stripBasename('/edcweb2', '/edcweb')).toBeNull();
  });
});
