/**
 * Freeze and unfreeze with approval on the demo seed (issue 14; docs/freeze.md): a CRA or DM applies with an approval
 * role and a reason, another DM approves or rejects with a reason; a frozen page or subject is read only (capability
 * `frozen`, enter and change withheld) and its saves are refused with the database unchanged; a frozen item refuses
 * a change of that item only; an approved unfreeze makes the data editable again. Every refusal — wrong role, wrong
 * site, wrong state, nothing selected, no reason, self-approval, the wrong approval role — leaves every table as it was.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataInfo, dataList, saveData, updateData } from '../../../engine/api/data';
import { changeSiteRole } from '../../../engine/api/session';
import { activeData } from '../../../engine/api/visits';
import {
  applyFreeze,
  approveFreeze,
  freezeList,
  freezeStatus,
  withdrawFreeze,
} from '../../../engine/api/freeze';
import { myTaskInfo } from '../../../engine/api/statistics';
import { DEMO_SUBJECTS, richDemoSubject } from '../../seed/forms';
import { snapshotChanges, snapshotDb } from '../../test/dbSnapshot';
import { startHarness, type Harness } from '../../test/harness';

const STUDY = 'study-demo-001';
let h: Harness;
let crc: string;
let cra: string;
let dm: string;
let pi: string;
let rich: string;
/** rich subject's V1 VS record (saved by the seed: SYSBP 118). */
let vsRecord: string;

beforeAll(async () => {
  h = await startHarness({ logger: false });
  crc = await h.loginAs('crc.li', 'CRC', 'BJ01');
  cra = await h.loginAs('cra.zhao', 'CRA', 'BJ01');
  dm = await h.loginAs('dm.chen', 'DM', 'BJ01');
  pi = await h.loginAs('pi.wang', 'PI', 'BJ01');
  rich = (await richDemoSubject(h.db, STUDY))!;
  const rows = await h.db.query<{ id: string }>(
    `select id::text as id from form_records where subject_id = $1 and visitnum = 'V1' and tid = 'VS' and lineno = 1`,
    [rich],
  );
  vsRecord = rows[0]!.id;
}, 120_000);
afterAll(() => h?.close());

/** Runs `fn` with the session switched to another site of its role (a user has one session), then back to BJ01. */
async function atSite(token: string, rolecode: string, sitecode: string, fn: () => Promise<void>) {
  await h.call(changeSiteRole, await h.ids(rolecode, sitecode), { token });
  try {
    await fn();
  } finally {
    await h.call(changeSiteRole, await h.ids(rolecode, 'BJ01'), { token });
  }
}

async function unchanged(fn: () => Promise<void>) {
  const before = await snapshotDb(h.db);
  await fn();
  expect(snapshotChanges(before, await snapshotDb(h.db))).toEqual([]);
}

const vsPage = () => ({ subjectid: rich, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' });
const pageTarget = () => ({ level: 'page', ...vsPage() });

async function info(token: string) {
  const res = await h.call(dataInfo, vsPage(), { token });
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data;
}

const apply = (token: string, params: object) =>
  h.call(
    applyFreeze,
    { action: 'freeze', approvalRole: 'DM', reason: 'database lock for interim analysis', ...params },
    { token, locale: 'en' },
  );
const decide = (token: string, params: object) =>
  h.call(approveFreeze, { decision: 'approve', reason: 'checked', ...params }, { token, locale: 'en' });

async function applied(token: string, params: object): Promise<string[]> {
  const res = await apply(token, params);
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data.requestids;
}

async function decided(token: string, params: object): Promise<number> {
  const res = await decide(token, params);
  if (!res.body.success) throw new Error(res.body.msg);
  return res.body.data.decided;
}

/** A change of SYSBP as the CRC (the page as read now). */
async function changeSysbp(value: string) {
  const data = await info(crc);
  return h.call(
    updateData,
    {
      recordid: vsRecord,
      rowversion: data.record!.rowversion,
      version: 1,
      values: { ...data.values, SYSBP: value },
      reasons: { SYSBP: { code: null, text: 'transcription error' } },
      confirmWarnings: true,
      idempotencyKey: randomUUID(),
    },
    { token: crc, locale: 'en' },
  );
}

const audit = () =>
  h.db.query<{ action: string; request: string; reason: string; user_id: string }>(
    `select action, request, reason, user_id from freeze_audit where subject_id = $1 order by id`,
    [rich],
  );

describe('applying for a freeze', () => {
  it('grants freeze.apply to CRA and DM only; nothing is frozen at first', async () => {
    expect((await info(cra)).capabilities).toContain('freeze.apply');
    expect((await info(dm)).capabilities).toContain('freeze.apply');
    for (const token of [crc, pi]) expect((await info(token)).capabilities).not.toContain('freeze.apply');
    const page = await info(crc);
    expect(page.capabilities).toEqual(expect.arrayContaining(['enter', 'change']));
    expect(page.capabilities).not.toContain('frozen');
    const status = await h.call(freezeStatus, vsPage(), { token: cra });
    expect(status.body.data).toMatchObject({ frozen: [], pending: [] });
    expect(status.body.data!.approvalRoles.map((r) => r.rolecode)).toEqual(['DM']);
  });

  it('refuses a role without freeze.apply, nothing selected, no reason, an approval role that may not approve', async () => {
    await unchanged(async () => {
      for (const token of [crc, pi]) {
        const res = await apply(token, { list: [pageTarget()] });
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe('Your current role may not apply to freeze or unfreeze');
      }
      expect((await apply(cra, { list: [] })).body).toMatchObject({
        success: false,
        msg: 'Select items to freeze',
      });
      const zh = await h.call(
        applyFreeze,
        { action: 'freeze', approvalRole: 'DM', reason: 'x', list: [] },
        { token: cra },
      );
      expect(zh.body.msg).toBe('请选择要冻结的条目');
      expect((await apply(cra, { list: [pageTarget()], reason: '   ' })).body).toMatchObject({
        success: false,
        msg: 'A reason is required',
      });
      expect((await apply(cra, { list: [pageTarget()], approvalRole: 'CRC' })).body).toMatchObject({
        success: false,
        msg: 'The approval role may not approve freezes',
      });
    });
  });

  it('refuses a target outside the chosen site, an incomplete target, an item not saved — the whole batch', async () => {
    // the same CRA at SH01 reaches no BJ01 subject
    await atSite(cra, 'CRA', 'SH01', () =>
      unchanged(async () => {
        expect((await apply(cra, { list: [pageTarget()] })).body).toMatchObject({ success: false });
      }),
    );
    await unchanged(async () => {
      const otherSite = await apply(cra, {
        list: [pageTarget(), { level: 'subject', subjectid: DEMO_SUBJECTS.sh01 }],
      });
      expect(otherSite.body.success).toBe(false);
      const noForm = await apply(cra, { list: [{ level: 'page', subjectid: rich, visitnum: 'V1' }] });
      expect(noForm.body).toMatchObject({
        success: false,
        msg: 'The freeze target is incomplete or does not exist',
      });
      const notSaved = await apply(cra, {
        list: [{ level: 'item', subjectid: rich, recordid: vsRecord, variable: 'NOSUCH' }],
      });
      expect(notSaved.body.success).toBe(false);
      const unfreeze = await apply(cra, { action: 'unfreeze', list: [pageTarget()] });
      expect(unfreeze.body).toMatchObject({
        success: false,
        msg: 'This data is not frozen and cannot be unfrozen',
      });
    });
  });
});

describe('approving and the frozen page', () => {
  let requestId = '';

  it('a CRA applies to freeze the page: one pending request with its audit row; a second application is refused', async () => {
    const ids = await applied(cra, { list: [pageTarget(), pageTarget()] });
    expect(ids).toHaveLength(1);
    requestId = ids[0]!;
    expect(requestId).toMatch(/^\d+$/);
    const rows = await h.db.query<{ status: string; level: string; approval_role: string }>(
      `select status, level, approval_role from freeze_requests where id = $1::bigint`,
      [requestId],
    );
    expect(rows).toEqual([{ status: 'pending', level: 'page', approval_role: 'DM' }]);
    expect(await audit()).toEqual([
      {
        action: 'apply',
        request: 'freeze',
        reason: 'database lock for interim analysis',
        user_id: 'user-cra.zhao',
      },
    ]);
    await unchanged(async () => {
      expect((await apply(dm, { list: [pageTarget()] })).body).toMatchObject({
        success: false,
        msg: 'A freeze or unfreeze request for this data is awaiting approval',
      });
    });
    // pending: not frozen yet, still editable
    expect((await info(crc)).capabilities).toContain('change');
    const status = await h.call(freezeStatus, vsPage(), { token: crc });
    expect(status.body.data!.pending).toEqual([
      expect.objectContaining({
        requestid: requestId,
        level: 'page',
        action: 'freeze',
        requestedBy: 'cra.zhao',
      }),
    ]);
  });

  it("counts the DM's to-do and lists the request", async () => {
    const tasks = await h.call(myTaskInfo, {}, { token: dm });
    expect(tasks.body.data).toEqual(
      expect.arrayContaining([{ id: 'freezeRequestsToApprove', count: 1, link: '/index/freezeRequests' }]),
    );
    const craTasks = await h.call(myTaskInfo, {}, { token: cra });
    expect(craTasks.body.data!.map((t) => t.id)).not.toContain('freezeRequestsToApprove');
    const list = await h.call(freezeList, { page: 1, size: 20, status: 'pending' }, { token: dm });
    expect(list.body.data!.list).toEqual([
      expect.objectContaining({
        requestid: requestId,
        status: 'pending',
        subjid: expect.any(String),
        tid: 'VS',
      }),
    ]);
    // another site's list has none of BJ01's requests
    await atSite(dm, 'DM', 'SH01', async () => {
      const sh = await h.call(freezeList, { page: 1, size: 20 }, { token: dm });
      expect(sh.body.data!.list).toEqual([]);
    });
  });

  it('refuses a role without freeze.approve, another site, nothing selected, no reason, an unknown request', async () => {
    await atSite(dm, 'DM', 'SH01', () =>
      unchanged(async () => {
        expect((await decide(dm, { requestids: [requestId] })).body).toMatchObject({
          success: false,
          msg: 'No such freeze request',
        });
      }),
    );
    await unchanged(async () => {
      for (const token of [cra, crc]) {
        const res = await decide(token, { requestids: [requestId] });
        expect(res.status).toBe(403);
        expect(res.body.msg).toBe('Your current role may not approve freezes or unfreezes');
      }
      expect((await decide(dm, { requestids: [] })).body.msg).toBe('Select requests to approve');
      expect((await decide(dm, { requestids: [requestId], reason: '' })).body.msg).toBe(
        'A reason is required',
      );
      expect((await decide(dm, { requestids: [requestId, '99999999'] })).body.msg).toBe(
        'No such freeze request',
      );
      expect((await decide(dm, { requestids: ['abc'] })).body.msg).toBe('No such freeze request');
    });
  });

  it('refuses an approver holding freeze.approve in another role than the one the request names', async () => {
    await h.db.query(
      `insert into role_permissions (role_id, permission) select id, 'freeze.approve' from roles where rolecode = 'PI'`,
    );
    try {
      await unchanged(async () => {
        expect((await decide(pi, { requestids: [requestId] })).body).toMatchObject({
          success: false,
          msg: 'This request is to be approved by the role DM',
        });
      });
    } finally {
      await h.db.query(
        `delete from role_permissions where permission = 'freeze.approve' and role_id = (select id from roles where rolecode = 'PI')`,
      );
    }
  });

  it('the DM approves: the page is frozen, read only with the reason, and every save of it is refused with the database unchanged', async () => {
    expect(await decided(dm, { requestids: [requestId], reason: 'data cleaned' })).toBe(1);
    const page = await info(crc);
    expect(page.capabilities).toContain('frozen');
    expect(page.capabilities).not.toContain('change');
    expect(page.capabilities).not.toContain('enter');
    expect(page.capabilities).toContain('audit');
    expect(page.items.SYSBP).toMatchObject({
      frozen: { level: 'page', reason: 'database lock for interim analysis', by: 'dm.chen' },
    });
    const status = await h.call(freezeStatus, vsPage(), { token: crc });
    expect(status.body.data).toMatchObject({
      frozen: [{ level: 'page', variable: null, requestedBy: 'cra.zhao', approvedBy: 'dm.chen' }],
      pending: [],
    });
    await unchanged(async () => {
      const res = await changeSysbp('130');
      expect(res.body).toMatchObject({
        success: false,
        msg: 'The data is frozen and cannot be changed (database lock for interim analysis)',
      });
    });
    // the DM's to-do is done; the decision is audited
    const tasks = await h.call(myTaskInfo, {}, { token: dm });
    expect(tasks.body.data).toEqual(
      expect.arrayContaining([{ id: 'freezeRequestsToApprove', count: 0, link: '/index/freezeRequests' }]),
    );
    expect((await audit()).map((a) => a.action)).toEqual(['apply', 'approve']);
  });

  it('refuses deciding a request twice, and a second freeze of a frozen page', async () => {
    await unchanged(async () => {
      expect((await decide(dm, { requestids: [requestId] })).body.msg).toBe(
        'This request has been decided already',
      );
      expect((await apply(cra, { list: [pageTarget()] })).body.msg).toBe('This data is frozen already');
    });
  });

  it('no self-approval: the DM applies to unfreeze and may not approve it; a rejection leaves the page frozen', async () => {
    const [unfreezeId] = await applied(dm, {
      action: 'unfreeze',
      reason: 'correction needed',
      list: [pageTarget()],
    });
    await unchanged(async () => {
      expect((await decide(dm, { requestids: [unfreezeId] })).body).toMatchObject({
        success: false,
        msg: 'You may not approve your own request',
      });
    });
    // the DM's own request is not their to-do
    const tasks = await h.call(myTaskInfo, {}, { token: dm });
    expect(tasks.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ count: 0 })]));
    // the demo has one DM: the request is handed to the CRA in the database, so that the DM may decide it
    await h.db.query(`update freeze_requests set requested_by = 'user-cra.zhao' where id = $1::bigint`, [
      unfreezeId,
    ]);
    expect(await decided(dm, { requestids: [unfreezeId], decision: 'reject', reason: 'not justified' })).toBe(
      1,
    );
    // rejected: still frozen
    expect((await info(crc)).capabilities).toContain('frozen');
    const rows = await h.db.query<{ status: string; decision_reason: string }>(
      `select status, decision_reason from freeze_requests where id = $1::bigint`,
      [unfreezeId],
    );
    expect(rows).toEqual([{ status: 'rejected', decision_reason: 'not justified' }]);
  });

  it('an approved unfreeze makes the page editable again', async () => {
    const [unfreezeId] = await applied(cra, {
      action: 'unfreeze',
      reason: 'query to resolve',
      list: [pageTarget()],
    });
    expect(await decided(dm, { requestids: [unfreezeId], reason: 'ok' })).toBe(1);
    const page = await info(crc);
    expect(page.capabilities).toContain('change');
    expect(page.capabilities).not.toContain('frozen');
    expect(page.items.SYSBP).not.toHaveProperty('frozen');
    const res = await changeSysbp('124');
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({ outcome: 'saved' });
  });
});

describe('item and subject freezes', () => {
  it('a frozen item refuses a change of that item only; the page stays editable', async () => {
    const [id] = await applied(cra, {
      reason: 'adjudicated value',
      list: [{ level: 'item', subjectid: rich, recordid: vsRecord, variable: 'SYSBP' }],
    });
    await decided(dm, { requestids: [id] });
    const page = await info(crc);
    expect(page.capabilities).toContain('change');
    expect(page.items.SYSBP).toMatchObject({ frozen: { level: 'item', reason: 'adjudicated value' } });
    expect(page.items.DIABP).not.toHaveProperty('frozen');
    await unchanged(async () => {
      expect((await changeSysbp('140')).body).toMatchObject({
        success: false,
        msg: 'Item SYSBP is frozen and cannot be changed (adjudicated value)',
      });
    });
    // another item of the page may change
    const data = await info(crc);
    const res = await h.call(
      updateData,
      {
        recordid: vsRecord,
        rowversion: data.record!.rowversion,
        version: 1,
        values: { ...data.values, PULSE: '71' },
        reasons: { PULSE: { code: null, text: 'recounted' } },
        confirmWarnings: true,
        idempotencyKey: randomUUID(),
      },
      { token: crc, locale: 'en' },
    );
    expect(res.body.data).toMatchObject({ outcome: 'saved' });
  });

  it('a frozen subject freezes every page: a first entry of a page not entered yet is refused too', async () => {
    const subject = DEMO_SUBJECTS.entry;
    const [id] = await applied(dm, {
      reason: 'subject completed',
      list: [{ level: 'subject', subjectid: subject }],
    });
    expect((await decide(dm, { requestids: [id] })).body.msg).toBe('You may not approve your own request');
    await h.db.query(`update freeze_requests set requested_by = 'user-cra.zhao' where id = $1::bigint`, [id]);
    await decided(dm, { requestids: [id] });
    const keys = { subjectid: subject, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'VS' };
    const read = await h.call(dataInfo, keys, { token: crc });
    expect(read.body.data!.capabilities).toContain('frozen');
    expect(read.body.data!.capabilities).not.toContain('enter');
    const list = await h.call(dataList, { ...keys, visitnum: 'LOG', tid: 'AE' }, { token: crc });
    expect(list.body.data!.capabilities).not.toContain('enter');
    await unchanged(async () => {
      const res = await h.call(
        saveData,
        {
          ...keys,
          version: 1,
          values: {
            VSDAT: '2026-03-01',
            VSPOS: 'SITTING',
            SYSBP: '120',
            DIABP: '80',
            PULSE: '70',
            TEMP: '36.5',
          },
          confirmWarnings: true,
          idempotencyKey: randomUUID(),
        },
        { token: crc, locale: 'en' },
      );
      expect(res.body).toMatchObject({
        success: false,
        msg: 'The data is frozen and cannot be changed (subject completed)',
      });
      // marking a page of the frozen subject (not collected) or its whole visit (invalid) is a change too: refused
      for (const [tid, action] of [
        ['VS', 'uncollected'],
        ['', 'deactivate'],
      ] as const) {
        const mark = await h.call(
          activeData,
          { ...keys, tid, action, reasoncode: 'MISSED' },
          { token: crc, locale: 'en' },
        );
        expect(mark.body).toMatchObject({
          success: false,
          msg: 'The data is frozen and cannot be changed (subject completed)',
        });
      }
    });
  });

  it('the freeze audit is append-only', async () => {
    await expect(h.db.query(`update freeze_audit set reason = 'x'`)).rejects.toThrow();
    await expect(h.db.query(`delete from freeze_audit`)).rejects.toThrow();
  });
});

describe('withdrawing a request', () => {
  const dmPage = () => ({ level: 'page', subjectid: rich, visitnum: 'V1', cycnum: 1, svnum: 1, tid: 'DM' });
  const withdraw = (token: string, params: object) =>
    h.call(withdrawFreeze, { reason: 'applied by mistake', ...params }, { token, locale: 'en' });
  const pendingOf = async (token: string) => {
    const res = await h.call(freezeStatus, { ...dmPage(), level: undefined }, { token });
    if (!res.body.success) throw new Error(res.body.msg);
    return res.body.data.pending;
  };
  let own: string;

  it('the requester sees a pending request as theirs (mine), others do not', async () => {
    own = (await applied(cra, { list: [dmPage()] }))[0]!;
    expect((await pendingOf(cra)).map((p) => [p.requestid, p.mine])).toEqual([[own, true]]);
    expect((await pendingOf(dm)).map((p) => [p.requestid, p.mine])).toEqual([[own, false]]);
  });

  it("refuses someone else's request, a role without freeze.apply, another site, no reason, nothing selected — the whole batch", async () => {
    await unchanged(async () => {
      expect((await withdraw(dm, { requestids: [own] })).body.msg).toBe(
        'You may withdraw only your own requests',
      );
      // one of the selection not there: none is withdrawn
      expect((await withdraw(cra, { requestids: [own, '999999'] })).body.success).toBe(false);
    });
    await unchanged(async () => {
      expect((await withdraw(crc, { requestids: [own] })).status).toBe(403);
      expect((await withdraw(cra, { requestids: [own], reason: '  ' })).body.msg).toBe(
        'A reason is required',
      );
      expect((await withdraw(cra, { requestids: [] })).body.success).toBe(false);
    });
    // the same CRA at SH01 reaches no BJ01 request
    await atSite(cra, 'CRA', 'SH01', () =>
      unchanged(async () => {
        expect((await withdraw(cra, { requestids: [own] })).body.success).toBe(false);
      }),
    );
  });

  it('the requester withdraws: withdrawn, audited, nothing frozen; a withdrawn request cannot be withdrawn or decided again', async () => {
    const auditBefore = await h.db.query<{ n: number }>(
      `select count(*)::int as n from freeze_audit where request_id = $1::bigint`,
      [own],
    );
    const res = await withdraw(cra, { requestids: [own] });
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, data: { withdrawn: 1 } });
    const [row] = await h.db.query<{ status: string; decided_by: string; decision_reason: string }>(
      `select status, decided_by, decision_reason from freeze_requests where id = $1::bigint`,
      [own],
    );
    expect(row).toEqual({
      status: 'withdrawn',
      decided_by: 'user-cra.zhao',
      decision_reason: 'applied by mistake',
    });
    const audit = await h.db.query<{ action: string; user_id: string; reason: string }>(
      `select action, user_id, reason from freeze_audit where request_id = $1::bigint order by id`,
      [own],
    );
    expect(audit).toHaveLength(auditBefore[0]!.n + 1);
    expect(audit.at(-1)).toEqual({
      action: 'withdraw',
      user_id: 'user-cra.zhao',
      reason: 'applied by mistake',
    });
    expect(await pendingOf(cra)).toEqual([]);
    const frozen = await h.db.query(`select 1 from freezes where request_id = $1::bigint`, [own]);
    expect(frozen).toEqual([]);
    await unchanged(async () => {
      expect((await withdraw(cra, { requestids: [own] })).body.msg).toBe(
        'This request is no longer pending (decided or withdrawn): it cannot be withdrawn',
      );
      expect((await decide(dm, { requestids: [own] })).body.success).toBe(false);
    });
    // the target may be applied for again
    const [again] = await applied(cra, { list: [dmPage()] });
    expect(again).not.toBe(own);
    await withdraw(cra, { requestids: [again] });
  });

  it('an approved request cannot be withdrawn', async () => {
    const [approved] = await h.db.query<{ id: string }>(
      `select id::text as id from freeze_requests where requested_by = 'user-cra.zhao' and status = 'approved'
       and site_id = (select id from sites where sitecode = 'BJ01') limit 1`,
    );
    expect(approved).toBeDefined();
    await unchanged(async () => {
      expect((await withdraw(cra, { requestids: [approved!.id] })).body.msg).toBe(
        'This request is no longer pending (decided or withdrawn): it cannot be withdrawn',
      );
    });
  });
});
