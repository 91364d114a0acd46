/**
 * The wire is the spec's: every endpoint of the contract (engine/api/allEndpoints.ts) has a route at exactly its
 * path and method, and the paths the server answered before the contract moved to the spec's (§7) answer 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../engine/api/allEndpoints';
import { startHarness, type Harness } from '../test/harness';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  token = await h.loginAs('crc.li', 'CRC', 'BJ01');
});
afterAll(() => h?.close());

const OTHER_METHOD = { GET: 'POST', POST: 'GET', PUT: 'GET', DELETE: 'GET' } as const;

describe('routes follow the contract', () => {
  it('every endpoint of allEndpoints has a route at its path and method, and none at another method', () => {
    const defs = Object.values(allEndpoints);
    expect(defs.length).toBeGreaterThan(20);
    for (const def of defs) {
      expect(
        h.app.hasRoute({ method: def.method, url: def.path }),
        `${def.name} ${def.method} ${def.path}`,
      ).toBe(true);
      expect(h.app.hasRoute({ method: OTHER_METHOD[def.method], url: def.path }), def.name).toBe(false);
    }
  });

  it('paths are unique: no two endpoints share one', () => {
    const paths = Object.values(allEndpoints).map((d) => `${d.method} ${d.path}`);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('the old paths answer 404 (signed in), with the translated envelope', async () => {
    const old: [string, 'GET' | 'POST'][] = [
      ['/edc/login.do', 'GET'],
      ['/edc/login.do', 'POST'],
      ['/edc/logininfo.do', 'GET'],
      ['/edc/heartBeat.do', 'GET'],
      ['/edc/menuList.do', 'GET'],
      ['/edc/subject/list.do', 'POST'],
      ['/edc/data/datalist.do', 'POST'],
      ['/login/signature.do', 'POST'],
      ['/config.json', 'GET'],
      ['/edc/codelist.do', 'GET'],
      ['/edc/searchField/shown.do', 'POST'],
      ['/edc/sitelist.do', 'GET'],
      ['/edc/findPicParam.do', 'GET'],
      ['/edc/appversion.do', 'GET'],
    ];
    for (const [url, method] of old) {
      const res = await h.app.inject({
        method,
        url: `${url}?time=1`,
        headers: { token, locale: 'en' },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ success: false, msg: 'no such endpoint', data: null });
    }
  });
});
