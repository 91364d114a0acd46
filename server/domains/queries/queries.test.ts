/**
 * Queries on the demo seed (issue 13): system queries raised by a confirmed soft warning and closed by the save that
 * satisfies the check; manual item, page and table queries and every transition (reply, forward, review, close,
 * close-and-requery, cancel, PD detail); every refusal — wrong role, wrong state, missing close reason, a stale
 * query, a subject at another site — leaves the database unchanged; closed-modified when a value changes after
 * closing; item states and capabilities in datainfo; the overview list and the to-do counts.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyObject } from '../../../engine/schema';
import { dataInfo, saveData, updateData, type SaveOutcome } from '../../../engine/api/data';
import type { EndpointDef } from '../../../engine/api/endpoint';
import {
  closeAndSaveQuery,
  closeQuery,
  findDefaultQueryPd,
  queryDictList,
  queryHistoryRoleList,
  queryListHistory,
  queryModelList,
  replyQuery,
  saveQuery,
  saveQueryDetail,
  selectNoCHQueryStatus,
  type QueryThread,
} from '../../../engine/api/queries';
import { myTaskInfo } from '../../../engine/api/statistics';
import { transferSubject } from '../../../engine/api/subjectManagement';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { startHarness, type Harness } from '../../test/harness';
import { APPEND_ONLY } from '../../test/appendOnly';

let h: Harness;
let crc: string;
let pi: string;
let cra: string;
let dm: string;
let sponsor: string;
let crcSh: string;

const VS = {
  VSDAT: '2026-03-01',
  VSPOS: 'SITTING',
  SYSBP: '120',
  DIABP: '80',
  PULSE: '70',
  TEMP: '36.5',
  WEIGHT: '70',
  HEIGHT: '175',
};

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  sponsor = await h.loginAs('sponsor.liu', 'SPONSOR', 'BJ01');
  crcSh = await h.loginAs('crc.smith', 'CRC', 'BOS01');
}, 120_000);
afterAll(() => h?.close());

/** BJ01 subjects without a V1 VS record, one per test that enters one. */
let nextSubject = 10;
async function freshSubject(): Promise<string> {
  for (;;) {
    const id = `subj-bj01-${String(nextSubject++).padStart(4, '0')}`;
    const rows = await h.db.query(
      `select 1 from subjects s where s.id = $1 and s.site_id = 'site-bj01'
         and exists (select 1 from subject_visits v where v.subject_id = s.id and v.visitnum = 'V1')
         and not exists (select 1 from form_records r where r.subject_id = s.id and r.visitnum = 'V1' and r.tid = 'VS')`,
      [id],
    );
    if (rows.length > 0) return id;
    if (nextSubject > 40) throw new Error('no fresh BJ01 subject');
  }
}

async function ok<P extends AnyObject, D>(
  def: EndpointDef<P, D>,
  params: AnyObject,
  token: string,
): Promise<D> {
  // every action a second later than the one before (the optimistic check compares `updatedat`)
  h.clock.advance(1000);
  const res = await h.call(def, params, { token, locale: 'en' });
  if (!res.body.success) throw new Error(`${def.name}: ${res.status} ${res.body.msg}`);
  return res.body.data;
}

/** A request that must be refused (status and message) and leave every table as it was. */
async function refused<P extends AnyObject, D>(
  def: EndpointDef<P, D>,
  params: AnyObject,
  token: string,
  expected: { status: number; msg?: string | RegExp; locale?: 'en' | 'zh_CN' },
): Promise<void> {
  const before = await snapshotDb(h.db);
  const res = await h.call(def, params, { token, locale: expected.locale ?? 'en' });
  const after = await snapshotDb(h.db);
  expect(res.body.success, `${def.name} ${JSON.stringify(params)}`).toBe(false);
  expect(res.status).toBe(expected.status);
  if (expected.msg instanceof RegExp) expect(res.body.msg).toMatch(expected.msg);
  else if (expected.msg !== undefined) expect(res.body.msg).toBe(expected.msg);
  expect(snapshotChanges(before, after)).toEqual([]);
}

async function enterVs(subjectid: string, values: Record<string, string>, confirm = true) {
  const res = await h.call(
    saveData,
    {
      subjectid,
      visitnum: 'V1',
      cycnum: 1,
      svnum: 1,
      tid: 'VS',
      version: 1,
      values,
      confirmWarnings: confirm,
      idempotencyKey: randomUUID(),
    },
    { token: crc },
  );
  if (!res.body.success) throw new Error(res.body.msg);
  const outcome = res.body.data as SaveOutcome;
  if (outcome.outcome !== 'saved') throw new Error(JSON.stringify(outcome));
  return outcome;
}

async function changeVs(recordid: string, rowversion: number, values: Record<string, string>, why: string) {
  const reasons = Object.fromEntries(Object.keys(values).map((v) => [v, { code: null, text: why }]));
  const res = await h.call(
    updateData,
    {
      recordid,
      rowversion,
      version: 1,
      values: { ...VS, ...values },
      reasons,
      confirmWarnings: true,
      idempotencyKey: randomUUID(),
    },
    { token: crc },
  );
  if (!res.body.success) throw new Error(res.body.msg);
  const outcome = res.body.data as SaveOutcome;
  if (outcome.outcome !== 'saved') throw new Error(JSON.stringify(outcome));
  return outcome;
}

const threadsOf = (recordid: string, token = cra, extra: AnyObject = {}) =>
  ok(queryListHistory, { recordid, ...extra }, token);

async function raise(
  recordid: string,
  variable = 'PULSE',
  note = 'Please verify against the source',
): Promise<QueryThread> {
  return ok(saveQuery, { recordid, kind: 'item', variable, issuetype: 'SDV', note }, cra);
}

describe('system queries', () => {
  it('a confirmed soft range raises one system query on the item; saving again does not duplicate it; a corrected value closes it', async () => {
    const subject = await freshSubject();
    const saved = await enterVs(subject, { ...VS, SYSBP: '150' });
    const recordid = saved.record.recordid;
    let threads = await threadsOf(recordid);
    expect(threads).toHaveLength(1);
    expect(threads[0]).toMatchObject({
      kind: 'system',
      variable: 'SYSBP',
      querystatus: 'created',
      value: '150',
      initiator: 'system',
      note: { en: 'Outside the expected range 90 to 140: please verify' },
    });
    expect(threads[0]!.history.map((e) => e.action)).toEqual(['create']);
    expect(saved.items.SYSBP).toMatchObject({ query: { state: 'open', count: 1 } });

    // another change that still breaks the check: the same query
    const again = await changeVs(recordid, 1, { SYSBP: '151' }, 'transcription');
    threads = await threadsOf(recordid);
    expect(threads).toHaveLength(1);

    // corrected: the system query closes itself (history autoclose), the item shows closed
    const fixed = await changeVs(recordid, again.record.rowversion, { SYSBP: '130' }, 'corrected');
    threads = await threadsOf(recordid);
    expect(threads[0]).toMatchObject({ querystatus: 'closed', closereason: 'AUTO' });
    // each correction under the open query is in its thread, then the close
    expect(threads[0]!.history.map((e) => e.action)).toEqual([
      'create',
      'valueChanged',
      'valueChanged',
      'autoclose',
    ]);
    expect(fixed.items.SYSBP).toMatchObject({ query: { state: 'closed', count: 0 } });
  });

  it('a first entry answers the item states that reading the stored record back answers (stop 26)', async () => {
    // the save skips the reads of what its own new record cannot have yet (notes, signature, freeze, existing
    // queries): its answer must still be what datainfo.do reads from the stored record, system query and SDV included
    const subject = await freshSubject();
    const saved = await enterVs(subject, { ...VS, SYSBP: '150' });
    expect(saved.items.SYSBP).toMatchObject({ query: { state: 'open', count: 1 } });
    const keys = { subjectid: subject, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
    const read = await ok(dataInfo, keys, crc);
    expect(saved.items).toEqual(read.items);
  });

  it('the item state and the query capabilities reach datainfo, by role', async () => {
    const subject = await freshSubject();
    await enterVs(subject, { ...VS, SYSBP: '150' });
    const keys = { subjectid: subject, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
    const asCra = await ok(dataInfo, keys, cra);
    expect(asCra.items.SYSBP).toMatchObject({ query: { state: 'open', count: 1 } });
    expect(asCra.capabilities).toEqual(expect.arrayContaining(['query.view', 'query.create', 'query.close']));
    expect(asCra.capabilities).not.toContain('query.reply');
    const asCrc = await ok(dataInfo, keys, crc);
    expect(asCrc.capabilities).toEqual(expect.arrayContaining(['query.view', 'query.reply']));
    expect(asCrc.capabilities).not.toContain('query.close');
    const asSponsor = await ok(dataInfo, keys, sponsor);
    expect(asSponsor.capabilities.filter((c) => c.startsWith('query.'))).toEqual(['query.view']);
  });
});

describe('manual queries: the life cycle', () => {
  let recordid: string;
  let rowversion: number;
  beforeAll(async () => {
    const saved = await enterVs(await freshSubject(), VS);
    recordid = saved.record.recordid;
    rowversion = saved.record.rowversion;
  });

  it('CRA raises, CRC answers, CRA closes with a reason; the history names who, role and the states', async () => {
    const q = await raise(recordid);
    expect(q).toMatchObject({ kind: 'item', querystatus: 'created', value: '70', initiator: 'cra.zhao' });
    const answered = await ok(
      replyQuery,
      { queryid: q.queryid, action: 'reply', note: 'Source says 72; corrected', updatedat: q.updatedat },
      crc,
    );
    expect(answered.querystatus).toBe('answered');
    const [closed] = await ok(closeQuery, { queryids: [q.queryid], reason: 'RESOLVED', note: null }, cra);
    expect(closed).toMatchObject({ querystatus: 'closed', closereason: 'RESOLVED' });
    expect(closed!.history.map((e) => [e.action, e.fromstatus, e.tostatus, e.username])).toEqual([
      ['create', null, 'created', 'cra.zhao'],
      ['reply', 'created', 'answered', 'crc.li'],
      ['close', 'answered', 'closed', 'cra.zhao'],
    ]);
    expect(closed!.history[1]!.role).toEqual({ zh_CN: expect.any(String), en: expect.any(String) });
  });

  it('a close without a reason is refused with the spec message, and changes nothing', async () => {
    const q = await raise(recordid);
    await refused(closeQuery, { queryids: [q.queryid], reason: '', note: null }, cra, {
      status: 200,
      msg: '关闭原因不能为空',
      locale: 'zh_CN',
    });
    await refused(closeQuery, { queryids: [q.queryid] }, cra, {
      status: 200,
      msg: 'The close reason must not be empty',
    });
    await refused(closeQuery, { queryids: [q.queryid], reason: 'NOPE' }, cra, {
      status: 200,
      msg: 'No such close reason',
    });
  });

  it('roles: a site role cannot raise or close, a monitor cannot reply, a sponsor only reads', async () => {
    const q = await raise(recordid);
    const forbidden = { status: 403, msg: 'Your current role may not do this with queries' };
    await refused(saveQuery, { recordid, kind: 'item', variable: 'PULSE', note: 'x' }, crc, forbidden);
    await refused(saveQuery, { recordid, kind: 'item', variable: 'PULSE', note: 'x' }, sponsor, forbidden);
    await refused(closeQuery, { queryids: [q.queryid], reason: 'RESOLVED' }, crc, forbidden);
    await refused(closeQuery, { queryids: [q.queryid], reason: 'RESOLVED' }, pi, forbidden);
    await refused(
      replyQuery,
      { queryid: q.queryid, action: 'reply', note: 'x', updatedat: q.updatedat },
      cra,
      forbidden,
    );
    await refused(
      replyQuery,
      { queryid: q.queryid, action: 'forward', torole: 'DM', note: 'x', updatedat: q.updatedat },
      crc,
      forbidden,
    );
    await refused(saveQueryDetail, { queryid: q.queryid, pdtype: 'PD-PROC' }, sponsor, forbidden);
    const read = await threadsOf(recordid, sponsor, { variable: 'PULSE' });
    expect(read.length).toBeGreaterThan(0);
  });

  it('states: no reply to a closed query, no review of an unanswered one, no second close; a stale query is refused', async () => {
    const q = await raise(recordid);
    const state = { status: 200, msg: "The query's current state does not allow this" };
    await refused(
      replyQuery,
      { queryid: q.queryid, action: 'review', note: 'why', updatedat: q.updatedat },
      cra,
      state,
    );
    const answered = await ok(replyQuery, { queryid: q.queryid, note: 'ok', updatedat: q.updatedat }, crc);
    await refused(replyQuery, { queryid: q.queryid, note: 'again', updatedat: q.updatedat }, crc, {
      status: 200,
      msg: 'This query was changed meanwhile; please reload it and try again',
    });
    // a close from the thread as read before the answer is refused: the answer was not seen
    await refused(closeQuery, { queryids: [q.queryid], reason: 'ANSWERED', updatedat: q.updatedat }, cra, {
      status: 200,
      msg: 'This query was changed meanwhile; please reload it and try again',
    });
    expect(
      (await threadsOf(recordid, cra, { variable: 'PULSE' })).find((t) => t.queryid === q.queryid),
    ).toMatchObject({ querystatus: 'answered' });
    await ok(closeQuery, { queryids: [q.queryid], reason: 'ANSWERED', updatedat: answered.updatedat }, cra);
    await refused(closeQuery, { queryids: [q.queryid], reason: 'ANSWERED' }, dm, state);
    await refused(
      replyQuery,
      { queryid: q.queryid, note: 'late', updatedat: answered.updatedat },
      crc,
      state,
    );
  });

  it('a bulk close is all or nothing: one closed query among them refuses the whole', async () => {
    const a = await raise(recordid);
    const b = await raise(recordid);
    await ok(closeQuery, { queryids: [b.queryid], reason: 'CONFIRMED' }, cra);
    await refused(closeQuery, { queryids: [a.queryid, b.queryid], reason: 'CONFIRMED' }, cra, {
      status: 200,
    });
    const c = await raise(recordid);
    const closed = await ok(closeQuery, { queryids: [a.queryid, c.queryid], reason: 'CONFIRMED' }, dm);
    expect(closed.map((x) => x.querystatus)).toEqual(['closed', 'closed']);
  });

  it('forward to a role with a note; review sends an answer back to the site (reason required)', async () => {
    const q = await raise(recordid);
    const roles = await ok(queryHistoryRoleList, { queryid: q.queryid }, cra);
    expect(roles.forwardTo.map((r) => r.rolecode)).toEqual(expect.arrayContaining(['DM', 'PI', 'CRC']));
    expect(roles.forwardTo.map((r) => r.rolecode)).not.toContain('CRA');
    expect(roles.inHistory.map((r) => r.rolecode)).toEqual(['CRA']);
    await refused(
      replyQuery,
      { queryid: q.queryid, action: 'forward', note: 'x', torole: null, updatedat: q.updatedat },
      cra,
      {
        status: 200,
        msg: 'Please choose the role to forward to',
      },
    );
    const fwd = await ok(
      replyQuery,
      { queryid: q.queryid, action: 'forward', torole: 'DM', note: 'Please decide', updatedat: q.updatedat },
      cra,
    );
    expect(fwd).toMatchObject({ querystatus: 'created', torole: 'DM' });
    const ans = await ok(replyQuery, { queryid: q.queryid, note: 'It is 70', updatedat: fwd.updatedat }, pi);
    await refused(
      replyQuery,
      { queryid: q.queryid, action: 'review', note: ' ', updatedat: ans.updatedat },
      dm,
      {
        status: 400,
      },
    );
    const back = await ok(
      replyQuery,
      { queryid: q.queryid, action: 'review', note: 'Please attach the source', updatedat: ans.updatedat },
      dm,
    );
    expect(back.querystatus).toBe('created');
    expect(back.history.map((e) => e.action)).toEqual(['create', 'forward', 'reply', 'review']);
  });

  it('close-and-requery: the old one closed and a follow-up raised in one step; without a reason nothing happens', async () => {
    const q = await raise(recordid);
    await refused(
      closeAndSaveQuery,
      { queryid: q.queryid, reason: '', note: 'next', updatedat: q.updatedat },
      cra,
      {
        status: 200,
        msg: 'The close reason must not be empty',
      },
    );
    const [old, next] = await ok(
      closeAndSaveQuery,
      {
        queryid: q.queryid,
        reason: 'ANSWERED',
        issuetype: 'INCONSISTENT',
        note: 'Follow-up',
        updatedat: q.updatedat,
      },
      cra,
    );
    expect(old).toMatchObject({ queryid: q.queryid, querystatus: 'closed' });
    expect(next).toMatchObject({ querystatus: 'created', variable: 'PULSE', issuetype: 'INCONSISTENT' });
    expect(next!.history.map((e) => e.action)).toEqual(['requery']);
  });

  it('withdrawn before an answer: cancelled (ODM Cancelled); PD classification with its default from the issue type', async () => {
    const q = await ok(
      saveQuery,
      { recordid, kind: 'page', issuetype: 'PROTOCOL', note: 'Visit out of window?' },
      cra,
    );
    expect(q).toMatchObject({ kind: 'page', variable: null });
    expect(await ok(findDefaultQueryPd, { queryid: q.queryid }, cra)).toEqual({
      pdtype: 'PD-PROC',
      pdsubtype: null,
    });
    await refused(saveQueryDetail, { queryid: q.queryid, pdtype: 'PD-PROC', pdsubtype: 'PD-IP-DOSE' }, cra, {
      status: 200,
      msg: 'No such PD type or subcategory',
    });
    const detailed = await ok(
      saveQueryDetail,
      { queryid: q.queryid, pdtype: 'PD-PROC', pdsubtype: 'PD-PROC-WIN' },
      cra,
    );
    expect(detailed).toMatchObject({ pdtype: 'PD-PROC', pdsubtype: 'PD-PROC-WIN' });
    const [cancelled] = await ok(closeQuery, { queryids: [q.queryid], reason: 'WITHDRAWN' }, cra);
    expect(cancelled!.querystatus).toBe('cancelled');
    const page = await threadsOf(recordid, cra, { page: true });
    expect(page.every((t) => t.variable === null)).toBe(true);
  });

  it('targets: an item must be the form’s, a page query names none, a table query needs a log-line form', async () => {
    const target = { status: 200, msg: /Not a query target/ };
    await refused(saveQuery, { recordid, kind: 'item', variable: 'NOPE', note: 'x' }, cra, target);
    await refused(saveQuery, { recordid, kind: 'item', note: 'x' }, cra, target);
    await refused(saveQuery, { recordid, kind: 'page', variable: 'PULSE', note: 'x' }, cra, target);
    await refused(saveQuery, { recordid, kind: 'table', note: 'x' }, cra, target);
    await refused(
      saveQuery,
      { recordid, kind: 'item', variable: 'PULSE', issuetype: 'NOPE', note: 'x' },
      cra,
      {
        status: 200,
        msg: 'No such query issue type',
      },
    );
  });

  it('a log-line row and a column of it take table queries', async () => {
    const rows = await h.db.query<{ id: string }>(
      `select id::text as id from form_records where tid = 'AE' and site_id = 'site-bj01' order by id limit 1`,
    );
    const ae = rows[0]!.id;
    const row = await ok(saveQuery, { recordid: ae, kind: 'table', note: 'Onset date?' }, cra);
    const col = await ok(saveQuery, { recordid: ae, kind: 'table', variable: 'AETERM', note: 'Term?' }, cra);
    expect([row.variable, col.variable]).toEqual([null, 'AETERM']);
  });

  it('a changed value under a closed query is flagged closed-modified; nothing re-opens', async () => {
    const q = await raise(recordid, 'TEMP');
    await ok(closeQuery, { queryids: [q.queryid], reason: 'CONFIRMED' }, cra);
    const changed = await changeVs(recordid, rowversion, { TEMP: '36.8' }, 'source re-read');
    rowversion = changed.record.rowversion;
    expect(changed.items.TEMP).toMatchObject({ query: { state: 'closedModified', count: 0 } });
    const [t] = await threadsOf(recordid, cra, { variable: 'TEMP' });
    expect(t).toMatchObject({ querystatus: 'closed', modified: true });
    expect(t!.history.map((e) => e.action)).toEqual(['create', 'close', 'valueChanged']);
  });

  it('a value corrected under an open query: the change and its reason join the thread; the reply still goes', async () => {
    const own = (await enterVs(await freshSubject(), VS)).record.recordid;
    const q = await raise(own, 'WEIGHT');
    await changeVs(own, 1, { WEIGHT: '72' }, 'scale re-read per query');
    const [t] = await threadsOf(own, crc, { variable: 'WEIGHT' });
    expect(t!.querystatus).toBe('created');
    const last = t!.history.at(-1)!;
    expect(last).toMatchObject({ action: 'valueChanged', reason: 'scale re-read per query' });
    expect(JSON.stringify(last.note)).toContain('70 → 72');
    // the CRC replies with the query as read before the correction: accepted (the state and updatedat stayed)
    const answered = await ok(
      replyQuery,
      { queryid: q.queryid, note: 'Corrected to 72', updatedat: q.updatedat },
      crc,
    );
    expect(answered.querystatus).toBe('answered');
  });

  it('site scope: a query of a BJ01 subject is not found from BOS01', async () => {
    const q = await raise(recordid);
    await refused(replyQuery, { queryid: q.queryid, note: 'x', updatedat: q.updatedat }, crcSh, {
      status: 200,
      msg: 'No such query at the sites of your role',
    });
    await refused(queryListHistory, { queryid: q.queryid }, crcSh, { status: 200 });
  });

  it('query history is append-only', async () => {
    await expect(h.db.query(`update query_history set note = null`)).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.query(`delete from query_history`)).rejects.toThrow(APPEND_ONLY);
    await expect(h.db.query(`truncate query_history`)).rejects.toThrow(APPEND_ONLY);
  });
});

describe('dictionaries, overview and to-dos', () => {
  it('answers the seeded dictionaries', async () => {
    const d = await ok(queryDictList, {}, cra);
    expect(d.closeReasons.map((r) => r.code)).toEqual(['RESOLVED', 'CONFIRMED', 'ANSWERED', 'WITHDRAWN']);
    expect(d.pdTypes[0]!.subtypes.length).toBeGreaterThan(0);
  });

  it('the overview lists the chosen site’s queries, filtered by state; to-dos count by role', async () => {
    const page = await ok(queryModelList, { page: 1, size: 20 }, cra);
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.list.map((r) => r.sitecode))).toEqual(new Set(['BJ01']));
    const open = await ok(queryModelList, { page: 1, size: 20, querystatus: ['created'] }, cra);
    expect(open.list.every((r) => r.querystatus === 'created')).toBe(true);
    const sh = await ok(queryModelList, { page: 1, size: 20 }, crcSh);
    expect(sh.list.every((r) => r.sitecode === 'BOS01')).toBe(true);
    const site = await ok(selectNoCHQueryStatus, {}, crc);
    expect(site.toAnswer).toBeGreaterThan(0);
    expect(site.toReview).toBe(0);
    const todos = await ok(myTaskInfo, {}, crc);
    expect(todos).toContainEqual({ id: 'queriesToAnswer', count: site.toAnswer, link: '/index/queryManage' });
    const monitor = await ok(selectNoCHQueryStatus, { subjectid: open.list[0]!.subjectid }, cra);
    expect(monitor.toAnswer).toBe(0);
    expect(monitor.forms.length).toBeGreaterThan(0);
  });
});

describe('a transferred subject', () => {
  it('takes its open queries to the new site: answered there, listed and counted there, gone from the old site', async () => {
    const subjectid = await freshSubject();
    const saved = await enterVs(subjectid, VS);
    const q = await ok(
      saveQuery,
      { recordid: saved.record.recordid, kind: 'item', variable: 'PULSE', note: 'Pulse per source?' },
      cra,
    );
    const [subject] = await h.db.query<{ updatedat: string; subjid: string }>(
      `select subjid, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updatedat
         from subjects where id = $1`,
      [subjectid],
    );
    const bj01Before = await ok(selectNoCHQueryStatus, {}, crc);
    const bosBefore = await ok(selectNoCHQueryStatus, {}, crcSh);
    await ok(
      transferSubject,
      { subjectid, updatedat: subject!.updatedat, tositeid: 'site-bos01', reason: 'moved to Boston' },
      dm,
    );
    expect((await ok(selectNoCHQueryStatus, {}, crc)).toAnswer).toBe(bj01Before.toAnswer - 1);
    expect((await ok(selectNoCHQueryStatus, {}, crcSh)).toAnswer).toBe(bosBefore.toAnswer + 1);
    const atBos = await ok(queryModelList, { page: 1, size: 50, subjid: subject!.subjid }, crcSh);
    expect(atBos.list.find((r) => r.queryid === q.queryid)).toMatchObject({ sitecode: 'BOS01' });
    const atBj = await ok(queryModelList, { page: 1, size: 50, subjid: subject!.subjid }, cra);
    expect(atBj.list.some((r) => r.queryid === q.queryid)).toBe(false);
    await refused(replyQuery, { queryid: q.queryid, note: 'x', updatedat: q.updatedat }, crc, {
      status: 200,
    });
    const answered = await ok(
      replyQuery,
      { queryid: q.queryid, note: 'Per source: 70', updatedat: q.updatedat },
      crcSh,
    );
    expect(answered.querystatus).toBe('answered');
  });
});
