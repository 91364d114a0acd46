/**
 * Issue 15, finding 8: every state-changing endpoint of the contract (every POST of engine/api/*.ts, found from
 * allEndpoints, so a new one is covered without a word here) validates first: a refused request — a hostile or
 * invalid parameter, a missing one, no token, no role chosen, a role that may not write — leaves the database as it
 * was: every table's row count and rows (dbSnapshot.ts), the audit tables included.
 */
import type { AnyObject, ObjectShape } from '../../engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type EndpointName } from '../../engine/api/allEndpoints';
import type { EndpointDef } from '../../engine/api/endpoint';
import { baseParams, fuzzRecordId, paramNames, sendRaw } from '../test/contractFuzz';
import { snapshotChanges, snapshotDb } from '../test/dbSnapshot';
import { startHarness, type Harness } from '../test/harness';

const STATE_CHANGING = (Object.keys(allEndpoints) as EndpointName[]).filter(
  (name) => allEndpoints[name].method !== 'GET',
);

/** Invalid values for a parameter, whatever its type: each must be refused with a 4xx naming it. */
const INVALID: readonly unknown[] = [
  'a\u0000b',
  'x\uD800',
  2147483648,
  -99999999999,
  [['nested']],
  { a: { b: 1 } },
];

let h: Harness;
let base: Record<EndpointName, Record<string, unknown>>;
let crc: string;
let sponsor: string;
let noRole: string;
let dm: string;
let coder: string;

/** Endpoints of a page the CRC does not have (a management page): their parameters are tried as a DM. */
const ACTOR_OF: Partial<Record<EndpointName, 'dm' | 'coder'>> = {
  transferSubject: 'dm',
  queryImportSend: 'dm',
  // the invalid-record table, a management page
  invalidTableList: 'dm',
  // the freeze requests page is the CRA's and DM's (issue 14)
  freezeList: 'dm',
  // the coder's worklist page (medical coding)
  saveCoding: 'coder',
  codingList: 'coder',
  importDictionary: 'coder',
  // study interchange (issue 17): the data manager's import and export pages
  interchangeAssess: 'dm',
  interchangeImports: 'dm',
  interchangeImport: 'dm',
  interchangePublish: 'dm',
  interchangeDiscard: 'dm',
  interchangeExport: 'dm',
  interchangeJobs: 'dm',
  interchangeJob: 'dm',
  interchangeDownload: 'dm',
};

beforeAll(async () => {
  h = await startHarness({ logger: false });
  base = baseParams(await fuzzRecordId(h));
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  sponsor = await h.loginAs('sponsor.liu', 'SPONSOR', 'BJ01');
  noRole = await h.login('crc.smith');
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  coder = await h.loginAs('coder.zhou', 'CODER', 'BJ01');
});
afterAll(() => h?.close());

async function expectRefusedUnchanged(
  name: EndpointName,
  params: unknown,
  token: string | null,
  what: string,
): Promise<number> {
  const def = allEndpoints[name] as EndpointDef<AnyObject, unknown>;
  const before = await snapshotDb(h.db);
  const res = await sendRaw(h, def, params, token);
  const after = await snapshotDb(h.db);
  const body = res.json<{ success: boolean; msg: string }>();
  expect(res.statusCode, `${name} ${what}: ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, `${name} ${what}`).not.toBe(500);
  expect(body.success, `${name} ${what}`).toBe(false);
  expect(snapshotChanges(before, after), `${name} ${what} changed the database`).toEqual([]);
  return res.statusCode;
}

describe('a refused request to a state-changing endpoint changes nothing', () => {
  it('finds the state-changing endpoints of the contract', () => {
    expect(STATE_CHANGING).toEqual(
      expect.arrayContaining([
        'loginFront',
        'roleTranAdd',
        'logout',
        'changeSiteRole',
        'writeWebLog',
        'validationSignUser',
        'searchFieldShown',
        'saveData',
        'updateData',
      ]),
    );
  });

  for (const name of STATE_CHANGING) {
    it(`${name}: hostile and invalid parameters, missing ones, a body that is not an object`, async () => {
      const def = allEndpoints[name] as EndpointDef<AnyObject, unknown>;
      const actor = ACTOR_OF[name];
      const token = def.auth === 'none' ? null : actor === 'dm' ? dm : actor === 'coder' ? coder : crc;
      for (const param of paramNames(def)) {
        for (const value of INVALID) {
          const status = await expectRefusedUnchanged(
            name,
            { ...base[name], [param]: value },
            token,
            `${param}=${JSON.stringify(value)}`,
          );
          expect(status, `${name} ${param}`).toBe(400);
        }
        const described = (def.params.fields as ObjectShape)[param]?.describe();
        if (described && 'optional' in described && !described.optional && !described.nullable) {
          const { [param]: _gone, ...rest } = base[name];
          await expectRefusedUnchanged(name, rest, token, `without ${param}`);
        }
      }
      await expectRefusedUnchanged(name, ['not', 'an', 'object'], token, 'a list as body');
      await expectRefusedUnchanged(name, { ...base[name], toString: 'x' }, token, 'a prototype name');
    });

    const def = allEndpoints[name];
    if (def.auth === 'token') {
      it(`${name}: no token, a token that is no session`, async () => {
        await expectRefusedUnchanged(name, base[name], null, 'without a token');
        await expectRefusedUnchanged(name, base[name], 'not-a-token', 'with a forged token');
      });
    }
    if (def.needsRole) {
      it(`${name}: no role chosen yet`, async () => {
        const status = await expectRefusedUnchanged(name, base[name], noRole, 'before a role is chosen');
        expect(status).toBe(601);
      });
    }
  }

  it('saveData and updateData: a role that may not write (sponsor) changes nothing', async () => {
    for (const name of ['saveData', 'updateData'] as const) {
      const params = { ...base[name], idempotencyKey: `refused-sponsor-${name}-0001` };
      expect(await expectRefusedUnchanged(name, params, sponsor, 'as sponsor')).toBe(403);
    }
  });

  it('validationSignUser: NUL in the password neither signs nor counts (the session stays unsigned)', async () => {
    const token = await h.loginAs('pi.wang', 'PI', 'BJ01');
    await expectRefusedUnchanged(
      'validationSignUser',
      { username: 'pi.wang', password: 'Test#pass1\u0000', meaning: 'approve' },
      token,
      'NUL in the password',
    );
    const rows = await h.db.query<{ signed: boolean; failures: number }>(
      `select signed_once as signed, signature_failures as failures from sessions
       where user_id = 'user-pi.wang' and ended_at is null`,
    );
    expect(rows).toEqual([{ signed: false, failures: 0 }]);
  });
});

describe('found by the fuzz suite', () => {
  it('writeWebLog without level or kind is stored with the defaults (was a 500: strict texts ignore default())', async () => {
    const res = await h.call(allEndpoints.writeWebLog, { msg: 'no level, no kind' });
    expect(res.status).toBe(200);
    const rows = await h.db.query<{ level: string; kind: string }>(
      `select level, kind from web_logs where message = 'no level, no kind'`,
    );
    expect(rows).toEqual([{ level: 'error', kind: 'error' }]);
  });
});
