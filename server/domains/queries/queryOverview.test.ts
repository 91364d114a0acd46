/**
 * The overview's bulk actions beyond the close (docs/queries.md): queryExport.do — the overview's rows as xlsx, the
 * same filter as queryModelList.do (all pages), the chosen site only, the study's columns headed in the request's
 * locale — and forwardQueries.do — the selected queries forwarded to a role with a note, all or none.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyObject } from '../../../engine/schema';
import { dataInfo } from '../../../engine/api/data';
import type { EndpointDef } from '../../../engine/api/endpoint';
import {
  closeQuery,
  forwardQueries,
  queryExport,
  queryListHistory,
  queryModelList,
  saveQuery,
} from '../../../engine/api/queries';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { startHarness, type Harness } from '../../test/harness';

let h: Harness;
let cra: string;
let craSh: string;
let crc: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  craSh = await h.loginAs('dm.chen', 'DM', 'SH01');
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
}, 120_000);
afterAll(() => h?.close());

async function ok<P extends AnyObject, D>(
  def: EndpointDef<P, D>,
  params: AnyObject,
  token: string,
  locale: 'en' | 'zh_CN' = 'en',
) {
  h.clock.advance(1000);
  const res = await h.call(def, params, { token, locale });
  if (!res.body.success) throw new Error(`${def.name}: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

async function recordOf(subjectid: string, token: string): Promise<string> {
  const info = await ok(dataInfo, { subjectid, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'DM' }, token);
  return info.record!.recordid;
}

async function sheetOf(base64: string): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(base64, 'base64') as unknown as ExcelJS.Buffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('queryExport.do', () => {
  it('exports the filtered overview at the chosen site, every page, headed in the locale', async () => {
    const bj = await recordOf('subj-bj01-0001', cra);
    const sh = await recordOf('subj-sh01-0001', craSh);
    const raised: string[] = [];
    for (const variable of ['SEX', 'AGE', 'BRTHDAT'])
      raised.push(
        (await ok(saveQuery, { recordid: bj, kind: 'item', variable, note: `check ${variable}` }, cra))
          .queryid,
      );
    await ok(saveQuery, { recordid: sh, kind: 'item', variable: 'SEX', note: 'at SH01' }, craSh);
    await ok(closeQuery, { queryids: [raised[0]], reason: 'RESOLVED' }, cra);

    const filter = { querystatus: ['created'] };
    const shown = await ok(queryModelList, { page: 1, size: 100, ...filter }, cra);
    const file = await ok(queryExport, { page: 1, size: 20, ...filter }, cra);
    expect(file.filename).toMatch(/^queries-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.rows).toBe(shown.total);
    const rows = await sheetOf(file.base64);
    expect(rows[0]!.slice(0, 4)).toEqual(['Status', 'Site No.', 'Subject No.', 'Visit / form']);
    expect(rows.length - 1).toBe(shown.total);
    // the filter: only open queries (the one closed above is not there), the status by its code list's label
    const status = rows.slice(1).map((r) => r[0]);
    expect(new Set(status).size).toBe(1);
    expect(rows.slice(1).some((r) => r.includes('check SEX'))).toBe(false);
    expect(rows.slice(1).some((r) => r.includes('check AGE'))).toBe(true);
    // the site scope: BJ01 only (the SH01 query is not exported at BJ01)
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(['BJ01']));
    expect(rows.slice(1).some((r) => r.includes('at SH01'))).toBe(false);

    // all pages: the overview's page 2 still exports every row
    const one = await ok(queryExport, { page: 2, size: 20 }, cra);
    const all = await ok(queryModelList, { page: 1, size: 100 }, cra);
    expect(one.rows).toBe(all.total);

    // zh_CN headers
    const zh = await ok(queryExport, { page: 1, size: 20, ...filter }, cra, 'zh_CN');
    expect((await sheetOf(zh.base64))[0]![0]).toBe('质疑状态');

    // a search param the overview does not know is a parameter error, as for queryModelList.do
    const bad = await h.call(
      queryExport,
      { page: 1, size: 20, ctime: 'not a date' },
      { token: cra, locale: 'en' },
    );
    expect(bad.status).toBe(400);
  });
});

describe('forwardQueries.do', () => {
  async function unchangedAfter(params: AnyObject, token: string, expected: { status: number; msg: string }) {
    const before = await snapshotDb(h.db);
    const res = await h.call(forwardQueries, params, { token, locale: 'en' });
    expect(res.status).toBe(expected.status);
    expect(res.body).toMatchObject({ success: false, msg: expected.msg });
    expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
  }

  it('forwards the selected queries to a role with a note, all or none', async () => {
    const bj = await recordOf('subj-bj01-0001', cra);
    const ids: string[] = [];
    for (const variable of ['DMDAT', 'CHILDPOT', 'AGE'])
      ids.push(
        (await ok(saveQuery, { recordid: bj, kind: 'item', variable, note: `fwd ${variable}` }, cra)).queryid,
      );
    await ok(closeQuery, { queryids: [ids[2]], reason: 'RESOLVED' }, cra);

    // a closed query among them: none is forwarded
    await unchangedAfter({ queryids: ids, torole: 'DM', note: 'please look' }, cra, {
      status: 200,
      msg: "The query's current state does not allow this",
    });
    // no role, a role that does not act on queries, a role that may not forward
    await unchangedAfter({ queryids: ids.slice(0, 2), torole: null, note: 'x' }, cra, {
      status: 200,
      msg: 'Please choose the role to forward to',
    });
    await unchangedAfter({ queryids: ids.slice(0, 2), torole: 'SPONSOR', note: 'x' }, cra, {
      status: 200,
      msg: 'Please choose the role to forward to',
    });
    await unchangedAfter({ queryids: ids.slice(0, 2), torole: 'DM', note: 'x' }, crc, {
      status: 403,
      msg: 'Your current role may not do this with queries',
    });

    // the open ones, given in any order: both forwarded, states kept, each with its history row
    const done = await ok(
      forwardQueries,
      { queryids: [ids[1], ids[0]], torole: 'DM', note: 'DM to confirm' },
      cra,
    );
    expect(done.map((q) => [q.queryid, q.torole, q.querystatus])).toEqual([
      [ids[1], 'DM', 'created'],
      [ids[0], 'DM', 'created'],
    ]);
    const thread = await ok(queryListHistory, { queryid: ids[0] }, cra);
    expect(thread[0]!.history.at(-1)).toMatchObject({
      action: 'forward',
      torole: 'DM',
      note: 'DM to confirm',
    });
  });
});
